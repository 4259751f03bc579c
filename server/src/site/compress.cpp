#include "site/compress.hpp"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include <algorithm>

namespace landing::site {

std::optional<std::string> brotli_compress(std::string_view data, int quality,
                                           const std::atomic<bool>* stop) {
  BrotliEncoderState* state = BrotliEncoderCreateInstance(nullptr, nullptr, nullptr);
  if (!state) return std::nullopt;
  BrotliEncoderSetParameter(state, BROTLI_PARAM_QUALITY, static_cast<uint32_t>(quality));
  BrotliEncoderSetParameter(state, BROTLI_PARAM_SIZE_HINT, static_cast<uint32_t>(data.size()));
  std::string out;
  const auto* next_in = reinterpret_cast<const uint8_t*>(data.data());
  std::size_t available_in = 0;
  std::size_t remaining = data.size();
  constexpr std::size_t chunk = std::size_t{64} * 1024;
  bool ok = true;
  for (;;) {
    if (stop && stop->load()) {
      ok = false;
      break;
    }
    if (available_in == 0 && remaining > 0) {
      available_in = std::min(chunk, remaining);
      remaining -= available_in;
    }
    const auto operation = remaining == 0 ? BROTLI_OPERATION_FINISH : BROTLI_OPERATION_PROCESS;
    std::size_t available_out = 0;
    if (!BrotliEncoderCompressStream(state, operation, &available_in, &next_in, &available_out,
                                     nullptr, nullptr)) {
      ok = false;
      break;
    }
    // Take whatever output the encoder has buffered.
    while (BrotliEncoderHasMoreOutput(state)) {
      std::size_t size = 0;
      const uint8_t* bytes = BrotliEncoderTakeOutput(state, &size);
      out.append(reinterpret_cast<const char*>(bytes), size);
    }
    if (BrotliEncoderIsFinished(state)) break;
  }
  BrotliEncoderDestroyInstance(state);
  if (!ok) return std::nullopt;
  return out;
}

std::optional<std::string> gzip_compress(std::string_view data) {
  z_stream stream{};
  // windowBits 15 + 16 selects the gzip wrapper rather than raw zlib.
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) !=
      Z_OK) {
    return std::nullopt;
  }
  std::string out(deflateBound(&stream, data.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) return std::nullopt;
  return out;
}

std::optional<std::string> brotli_decompress(std::string_view data, std::size_t limit) {
  // One byte over the limit tells "too long" apart from "exactly the limit".
  std::string out(limit + 1, '\0');
  std::size_t size = out.size();
  if (BrotliDecoderDecompress(data.size(), reinterpret_cast<const uint8_t*>(data.data()), &size,
                              reinterpret_cast<uint8_t*>(out.data())) !=
          BROTLI_DECODER_RESULT_SUCCESS ||
      size > limit) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

std::optional<std::string> gzip_decompress(std::string_view data, std::size_t limit) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) return std::nullopt;
  std::string out(limit + 1, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = inflate(&stream, Z_FINISH);
  const auto size = stream.total_out;
  const bool whole = result == Z_STREAM_END && stream.avail_in == 0;
  inflateEnd(&stream);
  if (!whole || size > limit) return std::nullopt;
  out.resize(size);
  return out;
}

}  // namespace landing::site
