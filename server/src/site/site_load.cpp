#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_set>
#include <vector>

#include "site/representation.hpp"
#include "site/site.hpp"

// Reading the site folder at start.
namespace landing::site {
namespace {

// Read whole with one read(2) a file into a string sized first: a stream iterator's character
// at a time was most of the start-up's time with the docs' 17 MB.
std::string read_file(const std::filesystem::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot read " + file.string());
  struct stat info {};
  std::string out;
  if (::fstat(fd, &info) == 0) out.resize(static_cast<std::size_t>(info.st_size));
  std::size_t have = 0;
  for (;;) {
    // A file that grew since fstat: read on into a larger string (never for the site's own).
    if (have == out.size()) {
      char probe = 0;
      const auto more = ::read(fd, &probe, 1);
      if (more <= 0) break;
      out.resize(std::max<std::size_t>(out.size() * 2, 4096));
      out[have++] = probe;
    }
    const auto got = ::read(fd, out.data() + have, out.size() - have);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      ::close(fd);
      throw std::runtime_error("cannot read " + file.string());
    }
    if (got == 0) break;
    have += static_cast<std::size_t>(got);
  }
  ::close(fd);
  out.resize(have);
  return out;
}

// A file of the site as an asset: a large one copied straight into its memfd, never whole in
// the heap (nor its pages in this process), a small one read.
std::unique_ptr<asset> load_asset(const std::string& path, const std::filesystem::path& file,
                                  std::uintmax_t size) {
  if (size >= sendfile_min_bytes) {
    std::uint64_t hash = 0;
    if (auto copy = body_file::copy_of(file, static_cast<std::size_t>(size), hash); copy.valid()) {
      return make_asset(path, {}, std::move(copy), hash);
    }
  }
  return make_asset(path, read_file(file));
}

// "/a.js" for "/a.js.br" and "/a.js.gz"; empty for anything else.
std::string companion_base(std::string_view path) {
  for (const std::string_view suffix : {".br", ".gz"}) {
    if (path.size() > suffix.size() + 1 && path.ends_with(suffix)) {
      return std::string(path.substr(0, path.size() - suffix.size()));
    }
  }
  return {};
}

// work(0) … work(count - 1), spread over the machine's cores (at most four threads).
void in_parallel(std::size_t count, const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failed;
  std::mutex failure;
  const auto run = [&] {
    for (auto i = next++; i < count; i = next++) {
      try {
        work(i);
      } catch (...) {
        const std::lock_guard lock(failure);
        if (!failed) failed = std::current_exception();
        next = count;
      }
    }
  };
  const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1U, 4U);
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads && t < count; ++t) pool.emplace_back(run);
  run();
  for (auto& thread : pool) thread.join();
  if (failed) std::rethrow_exception(failed);
}

}  // namespace

site site::load(const std::filesystem::path& root, bool defer_checks) {
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) {
    throw std::runtime_error("site folder " + root.string() + " is not a readable directory");
  }
  std::vector<std::pair<std::string, std::filesystem::path>> files;
  std::filesystem::recursive_directory_iterator it(root, ec);
  if (ec)
    throw std::runtime_error("cannot read site folder " + root.string() + ": " + ec.message());
  for (const std::filesystem::recursive_directory_iterator end; it != end; it.increment(ec)) {
    if (ec) throw std::runtime_error("cannot read site folder: " + ec.message());
    // Dotfiles (.vite/manifest.json, .env, .git) are build or deploy internals, never content.
    if (it->path().filename().string().starts_with('.')) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    // The iterator's paths start with root as given: its rest is the URL path. (relative()
    // canonicalises both, a readlink for every component of every file: 5,000 system calls, a
    // good part of the start-up.)
    std::string url = "/";
    url += it->path().lexically_relative(root).generic_string();
    files.emplace_back(std::move(url), it->path());
  }

  site result;
  std::unordered_set<std::string> names;
  for (const auto& [path, file] : files) names.insert(path);
  std::vector<std::size_t> originals;
  std::vector<std::size_t> companions;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto base = companion_base(files[i].first);
    (!base.empty() && names.contains(base) ? companions : originals).push_back(i);
  }
  // Read on every core: the reads, hashes and memfd copies of 400 files are most of the start.
  std::vector<std::unique_ptr<asset>> loaded(originals.size());
  in_parallel(originals.size(), [&](std::size_t k) {
    const auto& [path, file] = files[originals[k]];
    std::error_code size_error;
    const auto size = std::filesystem::file_size(file, size_error);
    loaded[k] = size_error ? make_asset(path, read_file(file)) : load_asset(path, file, size);
  });
  for (std::size_t k = 0; k < originals.size(); ++k) {
    result.assets_.emplace(files[originals[k]].first, std::move(loaded[k]));
  }
  // Each companion sets only its own encoding's form of its file, so two threads never write
  // the same member; what they report is gathered under the lock.
  std::mutex gathered;
  in_parallel(companions.size(), [&](std::size_t k) {
    const auto& [path, file] = files[companions[k]];
    const auto base_path = companion_base(path);
    auto& item = *result.assets_.at(base_path);
    if (!item.compressible) return;
    const std::string_view encoding = path.ends_with(".br") ? "br" : "gzip";
    std::error_code time_error;
    const auto base_file = file.parent_path() / std::filesystem::path(base_path).filename();
    const bool newer = std::filesystem::last_write_time(file, time_error) >=
                       std::filesystem::last_write_time(base_file, time_error);
    bool taken = false;
    bool unchecked = false;
    if (defer_checks && newer && !time_error) {
      auto data = read_file(file);
      taken = data.size() < item.identity.bytes().size();
      unchecked = taken;
      if (taken) publish(item, encoding, std::move(data));
    } else {
      taken = adopt(item, encoding, read_file(file));
    }
    const std::lock_guard lock(gathered);
    ++(taken ? result.precompressed_ : result.stale_precompressed_);
    if (unchecked) result.unchecked_.emplace_back(&item, encoding);
  });
  return result;
}

}  // namespace landing::site
