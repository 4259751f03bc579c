#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace landing::http {

// What a handler returns. Site files are served from memory without copying: the body is
// then a view into the loaded site, which lives as long as the server.
// Which security headers go with a response: the public pages' strict set, or the content
// editor's (/admin/), whose CMS needs inline styles, blob: URLs and the GitHub API.
enum class policy : unsigned char { site, editor };

struct response {
  unsigned status = 200;
  policy security = policy::site;
  std::vector<std::pair<std::string_view, std::string>> headers;
  // Preformatted header lines ("Name: value\r\n") that live as long as the server, such as
  // the ones precomputed for each site file; saves building them on every request.
  std::string_view raw_headers;

  void set(std::string_view name, std::string value);
  [[nodiscard]] std::string_view header(std::string_view name) const;

  void body_copy(std::string text) {
    owned_body_ = std::move(text);
    shared_ = false;
  }
  void body_view(std::string_view shared) {
    shared_body_ = shared;
    shared_ = true;
  }
  [[nodiscard]] std::string_view body() const {
    return shared_ ? shared_body_ : std::string_view(owned_body_);
  }
  // The body (set with body_view) is also at `offset` in the open file `fd`, which lives as long
  // as the server: the connection may then send it with sendfile(2).
  void body_in_file(int fd, std::size_t offset) {
    file_fd_ = fd;
    file_offset_ = offset;
  }
  [[nodiscard]] int file_fd() const { return file_fd_; }
  [[nodiscard]] std::size_t file_offset() const { return file_offset_; }

 private:
  std::string owned_body_;
  std::string_view shared_body_;
  bool shared_ = false;
  int file_fd_ = -1;
  std::size_t file_offset_ = 0;
};

response text_response(unsigned status, std::string_view content_type, std::string body);
response json_response(unsigned status, std::string body);
// {"error":"<code>"}, the API's answer to a refused request.
response error_response(unsigned status, std::string_view code);
std::string_view reason_phrase(unsigned status);

// Status line and headers for HTTP/1.1. `common` is a preformatted block of header lines sent
// on every response (the security headers); Content-Length comes from the body.
// announce_keep_alive adds "Connection: keep-alive", which an HTTP/1.0 client needs to hear.
std::string serialize_head(const response& res, bool keep_alive, std::string_view common = {},
                           bool announce_keep_alive = false);
// The same into a caller's buffer (cleared first), so a connection reuses one allocation.
void serialize_head(std::string& out, const response& res, bool keep_alive, std::string_view common,
                    bool announce_keep_alive = false);

}  // namespace landing::http
