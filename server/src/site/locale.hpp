#pragma once

#include <string_view>

#include "common/locales.hpp"

namespace landing::site {

using landing::default_locale;
using landing::is_supported_locale;

// The spec's start-up choice, server side: a saved `user-locale` cookie wins, then
// Accept-Language by quality (full tag, then without region: ru-RU -> ru), else ru.
std::string_view negotiate_locale(std::string_view cookie_header, std::string_view accept_language);

std::string_view cookie_value(std::string_view cookie_header, std::string_view name);

}  // namespace landing::site
