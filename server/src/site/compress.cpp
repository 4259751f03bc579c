#include "site/compress.hpp"

#include <brotli/encode.h>
#include <zlib.h>

namespace landing::site {

std::optional<std::string> brotli_compress(std::string_view data, int quality) {
  std::string out(BrotliEncoderMaxCompressedSize(data.size()), '\0');
  std::size_t out_size = out.size();
  if (out.empty() ||
      BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, data.size(),
                            reinterpret_cast<const uint8_t*>(data.data()), &out_size,
                            reinterpret_cast<uint8_t*>(out.data())) != BROTLI_TRUE) {
    return std::nullopt;
  }
  out.resize(out_size);
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

}  // namespace landing::site
