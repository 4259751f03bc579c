#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>

namespace landing::site {

// Bodies at least this large are kept in a body_file only, and sent with sendfile(2).
inline constexpr std::size_t sendfile_min_bytes = std::size_t{64} * 1024;

// A sealed in-memory file (memfd) holding a large body. Sending it with sendfile(2) lets the
// kernel take the pages as they are, where sendmsg first copies our buffer into the socket: the
// same reason nginx serves files with sendfile. Its bytes are also mapped read-only, for the
// rare reads (a compression, a range, a check): the mapping costs the process no resident
// memory until it is read, so the site's large files (the share images, the editor, the 3D
// scene) are in no heap. When the kernel refuses a memfd, valid() is false and the caller keeps
// the bytes itself.
class body_file {
 public:
  body_file() = default;
  explicit body_file(std::string_view bytes);
  // The file's `size` bytes copied in pieces (no buffer of the whole file), with their XXH3
  // hash in `hash`; not valid() when the file cannot be read whole or no memfd can be had.
  static body_file copy_of(const std::filesystem::path& file, std::size_t size,
                           std::uint64_t& hash);
  ~body_file();
  body_file(body_file&& other) noexcept;
  body_file& operator=(body_file&& other) noexcept;
  body_file(const body_file&) = delete;
  body_file& operator=(const body_file&) = delete;

  [[nodiscard]] bool valid() const { return fd_ >= 0; }
  [[nodiscard]] int fd() const { return fd_; }
  [[nodiscard]] std::string_view bytes() const { return {static_cast<const char*>(map_), size_}; }
  // Gives back the pages a read brought into this process (they stay in the memfd).
  void forget_pages() const;

 private:
  // Seals fd (no write, grow or shrink can change a body under a send) and maps it.
  bool seal_and_map(int fd, std::size_t size);
  void close();

  int fd_ = -1;
  const void* map_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace landing::site
