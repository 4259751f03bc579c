#include "storage/fault.hpp"

namespace landing::storage {

std::string_view fault_name(fault f) {
  switch (f) {
    case fault::none:
      return "writable";
    case fault::missing:
      return "missing";
    case fault::read_only:
      return "read_only";
    case fault::disk_full:
      return "disk_full";
    case fault::write_failed:
      return "write_failed";
    case fault::unavailable:
      return "unavailable";
  }
  return "unavailable";
}

}  // namespace landing::storage
