#include "http/response.hpp"

#include <boost/json/serialize.hpp>

#include "http/date.hpp"
#include "http/request.hpp"

namespace landing::http {

void response::set(std::string_view name, std::string value) {
  for (auto& field : headers) {
    if (iequals(field.first, name)) {
      field.second = std::move(value);
      return;
    }
  }
  headers.emplace_back(name, std::move(value));
}

std::string_view response::header(std::string_view name) const {
  for (const auto& field : headers) {
    if (iequals(field.first, name)) return field.second;
  }
  std::string_view rest = raw_headers;
  while (!rest.empty()) {
    const auto end = rest.find("\r\n");
    const auto line = rest.substr(0, end);
    const auto colon = line.find(':');
    if (colon != std::string_view::npos && iequals(line.substr(0, colon), name)) {
      auto value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      return value;
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 2);
  }
  return {};
}

response text_response(unsigned status, std::string_view content_type, std::string body) {
  response res;
  res.status = status;
  res.set("Content-Type", std::string(content_type));
  res.set("Cache-Control", "no-store");
  res.body_copy(std::move(body));
  return res;
}

response json_response(unsigned status, std::string body) {
  return text_response(status, "application/json; charset=utf-8", std::move(body));
}

response error_response(unsigned status, std::string_view code) {
  return json_response(status, boost::json::serialize(boost::json::object{{"error", code}}));
}

std::string_view reason_phrase(unsigned status) {
  switch (status) {
    case 200:
      return "OK";
    case 202:
      return "Accepted";
    case 204:
      return "No Content";
    case 206:
      return "Partial Content";
    case 301:
      return "Moved Permanently";
    case 308:
      return "Permanent Redirect";
    case 302:
      return "Found";
    case 303:
      return "See Other";
    case 304:
      return "Not Modified";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 413:
      return "Content Too Large";
    case 415:
      return "Unsupported Media Type";
    case 421:
      return "Misdirected Request";
    case 416:
      return "Range Not Satisfiable";
    case 422:
      return "Unprocessable Content";
    case 429:
      return "Too Many Requests";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    default:
      return "Unknown";
  }
}

std::string serialize_head(const response& res, bool keep_alive, std::string_view common,
                           bool announce_keep_alive) {
  std::string head;
  serialize_head(head, res, keep_alive, common, announce_keep_alive);
  return head;
}

void serialize_head(std::string& head, const response& res, bool keep_alive,
                    std::string_view common, bool announce_keep_alive) {
  head.clear();
  head.reserve(1024);
  head += "HTTP/1.1 ";
  head += std::to_string(res.status);
  head += ' ';
  head += reason_phrase(res.status);
  head += "\r\n";
  head += date_line();
  for (const auto& [name, value] : res.headers) {
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
  }
  // A 304 must not announce a body length of its own (RFC 9110 8.6).
  head += res.raw_headers;
  head += common;
  if (res.status != 304 && res.status != 204) {
    head += "Content-Length: ";
    head += std::to_string(res.body().size());
    head += "\r\n";
  }
  if (!keep_alive) {
    head += "Connection: close\r\n";
  } else if (announce_keep_alive) {
    head += "Connection: keep-alive\r\n";
  }
  head += "\r\n";
}

}  // namespace landing::http
