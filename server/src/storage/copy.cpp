#include "storage/copy.hpp"

#include <limits>
#include <unordered_set>

namespace landing::storage {

copy_report copy_leads(lead_store& from, lead_store& to) {
  copy_report report;
  const auto leads = from.export_all();
  report.source_total = leads.size();
  for (const auto& item : leads) {
    if (to.import(item)) {
      ++report.copied;
    } else {
      ++report.already_there;
    }
  }
  for (const auto& [key, value] : from.settings()) {
    if (to.setting(key)) continue;
    to.set_setting(key, value);
    ++report.settings_copied;
  }
  for (const auto& record : from.erasures(0)) report.erasures_copied += to.import_erasure(record);
  for (const auto& copy : from.chat_copies(std::numeric_limits<std::int64_t>::max(),
                                           std::numeric_limits<int>::max())) {
    to.import_chat_copy(copy);
  }
  for (const auto& copy :
       from.crm_copies(std::numeric_limits<std::int64_t>::max(), std::numeric_limits<int>::max())) {
    to.import_crm_copy(copy);
  }
  std::unordered_set<std::string> present;
  for (const auto& item : to.export_all()) present.insert(item.record.id);
  for (const auto& item : leads) report.verified += present.contains(item.record.id) ? 1 : 0;
  return report;
}

}  // namespace landing::storage
