#include "storage/triage.hpp"

namespace landing::storage {

triage_state moved(const triage_state& from, const std::string& to, const actor& who,
                   std::int64_t at) {
  triage_state out = from;
  out.status = to;
  out.changed_by = who;
  out.changed_at = at;
  if (to == "taken") {
    out.taken_by = who;
    out.taken_at = at;
    out.done_at = 0;
  } else if (to == "done") {
    out.done_at = at;
  } else {
    out.taken_by = {};
    out.taken_at = 0;
    out.done_at = 0;
  }
  return out;
}

}  // namespace landing::storage
