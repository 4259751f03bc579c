#include "site/body_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <utility>

#include "site/etag.hpp"

namespace landing::site {
namespace {

bool write_all(int fd, const char* data, std::size_t size) {
  std::size_t written = 0;
  while (written < size) {
    const auto n = ::write(fd, data + written, size - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

int new_memfd() { return ::memfd_create("landing-body", MFD_CLOEXEC | MFD_ALLOW_SEALING); }

}  // namespace

body_file::body_file(std::string_view bytes) {
  const int fd = new_memfd();
  if (fd < 0) return;
  if (!write_all(fd, bytes.data(), bytes.size()) || !seal_and_map(fd, bytes.size())) ::close(fd);
}

body_file body_file::copy_of(const std::filesystem::path& file, std::size_t size,
                             std::uint64_t& hash) {
  body_file out;
  const int source = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (source < 0) return out;
  const int fd = new_memfd();
  content_hasher hasher;
  // One buffer for every piece: the file's pages go from the page cache to the memfd's.
  static thread_local std::array<char, std::size_t{256} * 1024> buffer;
  std::size_t copied = 0;
  bool ok = fd >= 0;
  while (ok && copied < size) {
    const auto n = ::read(source, buffer.data(), std::min(buffer.size(), size - copied));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    hasher.update({buffer.data(), static_cast<std::size_t>(n)});
    ok = write_all(fd, buffer.data(), static_cast<std::size_t>(n));
    copied += static_cast<std::size_t>(n);
  }
  char past = 0;
  // A file that grew since its size was read is not taken whole: the caller reads it as usual.
  if (ok && ::read(source, &past, 1) != 0) ok = false;
  ::close(source);
  if (ok && out.seal_and_map(fd, size)) {
    hash = hasher.digest();
    return out;
  }
  if (fd >= 0) ::close(fd);
  return out;
}

bool body_file::seal_and_map(int fd, std::size_t size) {
  if (::fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
    return false;
  }
  void* map = size == 0 ? nullptr : ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED) return false;
  fd_ = fd;
  map_ = map;
  size_ = size;
  return true;
}

void body_file::forget_pages() const {
  if (map_ != nullptr) ::madvise(const_cast<void*>(map_), size_, MADV_DONTNEED);
}

void body_file::close() {
  if (map_ != nullptr) ::munmap(const_cast<void*>(map_), size_);
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  map_ = nullptr;
  size_ = 0;
}

body_file::~body_file() { close(); }

body_file::body_file(body_file&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      map_(std::exchange(other.map_, nullptr)),
      size_(std::exchange(other.size_, 0)) {}

body_file& body_file::operator=(body_file&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
    map_ = std::exchange(other.map_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

}  // namespace landing::site
