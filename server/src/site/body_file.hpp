#pragma once

#include <cstddef>
#include <string_view>

namespace landing::site {

// Bodies at least this large are also kept in a body_file and sent with sendfile(2).
inline constexpr std::size_t sendfile_min_bytes = std::size_t{64} * 1024;

// A sealed in-memory file (memfd) holding a copy of a large body. Sending it with sendfile(2)
// lets the kernel take the pages as they are, where sendmsg first copies our buffer into the
// socket: the same reason nginx serves files with sendfile. When the kernel refuses a memfd,
// fd() is -1 and the body is written as usual.
class body_file {
 public:
  body_file() = default;
  explicit body_file(std::string_view bytes);
  ~body_file();
  body_file(body_file&& other) noexcept;
  body_file& operator=(body_file&& other) noexcept;
  body_file(const body_file&) = delete;
  body_file& operator=(const body_file&) = delete;

  [[nodiscard]] int fd() const { return fd_; }

 private:
  int fd_ = -1;
};

}  // namespace landing::site
