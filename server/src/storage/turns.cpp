#include "storage/turns.hpp"

namespace landing::storage {

turns::held::held(turns& owner, bool lead) : owner_(owner) {
  std::unique_lock lock(owner_.mutex_);
  if (lead) {
    ++owner_.leads_waiting_;
    owner_.changed_.wait(lock, [&] { return !owner_.busy_; });
    --owner_.leads_waiting_;
  } else {
    owner_.changed_.wait(lock, [&] { return !owner_.busy_ && owner_.leads_waiting_ == 0; });
  }
  owner_.busy_ = true;
}

turns::held::~held() {
  {
    const std::lock_guard lock(owner_.mutex_);
    owner_.busy_ = false;
  }
  owner_.changed_.notify_all();
}

}  // namespace landing::storage
