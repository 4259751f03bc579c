#include "outbound/client.hpp"

#include <curl/curl.h>
#include <sys/socket.h>

#include <boost/asio/ip/address.hpp>
#include <cstring>
#include <optional>

#include "outbound/target.hpp"

namespace landing::outbound {
namespace {

// What the socket callback needs, and what it found.
struct guard {
  bool https = false;
  const reach& allowed;
  std::optional<std::string> refused;
};

std::optional<boost::asio::ip::address> address_of(const curl_sockaddr& socket) {
  if (socket.family == AF_INET) {
    sockaddr_in in{};
    std::memcpy(&in, &socket.addr, sizeof in);
    return boost::asio::ip::address_v4(ntohl(in.sin_addr.s_addr));
  }
  if (socket.family == AF_INET6) {
    sockaddr_in6 in{};
    std::memcpy(&in, &socket.addr, sizeof in);
    boost::asio::ip::address_v6::bytes_type bytes;
    std::memcpy(bytes.data(), in.sin6_addr.s6_addr, bytes.size());
    return boost::asio::ip::address_v6(bytes, in.sin6_scope_id);
  }
  return std::nullopt;
}

curl_socket_t open_checked(void* data, curlsocktype, curl_sockaddr* socket) {
  auto& check = *static_cast<guard*>(data);
  const auto address = address_of(*socket);
  if (!address) {
    check.refused = "not an IP address";
    return CURL_SOCKET_BAD;
  }
  if (auto why = refusal(*address, check.https, check.allowed)) {
    check.refused = std::move(why);
    return CURL_SOCKET_BAD;
  }
  return ::socket(socket->family, socket->socktype, socket->protocol);
}

struct kept_body {
  std::string& body;
  std::size_t limit;
};

std::size_t keep_start(char* data, std::size_t size, std::size_t count, void* out) {
  auto& kept = *static_cast<kept_body*>(out);
  const std::size_t bytes = size * count;
  kept.body.append(data, std::min(bytes, kept.limit - std::min(kept.limit, kept.body.size())));
  return bytes;
}

int progress(void* cancel, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const std::atomic<bool>*>(cancel)->load() ? 1 : 0;
}

std::string error_class(CURLcode code) {
  switch (code) {
    case CURLE_OPERATION_TIMEDOUT:
      return "timeout";
    case CURLE_COULDNT_RESOLVE_HOST:
      return "dns";
    case CURLE_COULDNT_CONNECT:
      return "connect";
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CACERT_BADFILE:
      return "tls";
    case CURLE_ABORTED_BY_CALLBACK:
      return "cancelled";
    default:
      return "error";
  }
}

}  // namespace

client::client(client_options options) : options_(std::move(options)), curl_(curl_easy_init()) {}

client::~client() { curl_easy_cleanup(curl_); }

answer client::request(const std::string& method, const std::string& url,
                       const header_list& headers, const std::string& body,
                       const std::atomic<bool>& cancel, bool fresh) {
  answer out;
  if (curl_ == nullptr) return {0, "error", "libcurl could not start", {}, {}};
  guard check{url.starts_with("https:"), options_.allowed, std::nullopt};
  kept_body kept{out.body, options_.max_body};
  curl_slist* list = nullptr;
  for (const auto& [name, value] : headers) {
    std::string line = name;
    line.append(": ").append(value);
    list = curl_slist_append(list, line.c_str());
  }
  // No "Expect: 100-continue" round trip before the body.
  list = curl_slist_append(list, "Expect:");
  curl_easy_reset(curl_);
  curl_easy_setopt(curl_, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl_, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl_, CURLOPT_FOLLOWLOCATION, 0L);
  if (fresh) curl_easy_setopt(curl_, CURLOPT_FRESH_CONNECT, 1L);
  // A proxy from the environment would be the address the guard checks, not the receiver's.
  curl_easy_setopt(curl_, CURLOPT_NOPROXY, "*");
  curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl_, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.timeout.count()));
  curl_easy_setopt(curl_, CURLOPT_USERAGENT, options_.user_agent.c_str());
  curl_easy_setopt(curl_, CURLOPT_HTTPHEADER, list);
  if (method == "POST" || method == "PATCH") {
    curl_easy_setopt(curl_, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(curl_, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  } else {
    curl_easy_setopt(curl_, CURLOPT_HTTPGET, 1L);
  }
  if (method != "POST" && method != "GET") {
    curl_easy_setopt(curl_, CURLOPT_CUSTOMREQUEST, method.c_str());
  }
  curl_easy_setopt(curl_, CURLOPT_OPENSOCKETFUNCTION, open_checked);
  curl_easy_setopt(curl_, CURLOPT_OPENSOCKETDATA, &check);
  curl_easy_setopt(curl_, CURLOPT_WRITEFUNCTION, keep_start);
  curl_easy_setopt(curl_, CURLOPT_WRITEDATA, &kept);
  curl_easy_setopt(curl_, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl_, CURLOPT_XFERINFOFUNCTION, progress);
  curl_easy_setopt(curl_, CURLOPT_XFERINFODATA, &cancel);
  const auto code = curl_easy_perform(curl_);
  curl_slist_free_all(list);
  if (check.refused) return {0, "refused", *check.refused, {}, {}};
  if (code != CURLE_OK) return {0, error_class(code), curl_easy_strerror(code), {}, {}};
  curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &out.status);
  curl_header* header = nullptr;
  if (curl_easy_header(curl_, "Retry-After", 0, CURLH_HEADER, -1, &header) == CURLHE_OK) {
    out.retry_after = header->value;
  }
  return out;
}

}  // namespace landing::outbound
