#include "site/body_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <utility>

namespace landing::site {

body_file::body_file(std::string_view bytes) {
  const int fd = ::memfd_create("landing-body", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) return;
  std::size_t written = 0;
  while (written < bytes.size()) {
    const auto n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n <= 0) {
      ::close(fd);
      return;
    }
    written += static_cast<std::size_t>(n);
  }
  // Sealed, the bytes can no longer change under a send in progress.
  if (::fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
    ::close(fd);
    return;
  }
  fd_ = fd;
}

body_file::~body_file() {
  if (fd_ >= 0) ::close(fd_);
}

body_file::body_file(body_file&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

body_file& body_file::operator=(body_file&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

}  // namespace landing::site
