#pragma once

#include "vitals/beacon.hpp"
#include "vitals/histogram.hpp"

namespace landing::vitals {

// Each metric's fixed histogram scale. Times run from 1 ms to the contract's 600,000 ms ceiling
// (faster values share bucket 0, where the smallest one seen stands for them); CLS from 0.0001
// (a shift below it is invisible) to the contract's 10. The scales are part of the stored data:
// a bucket index means these edges, so changing them needs a migration.
inline scale scale_of(metric m) { return m == metric::cls ? scale{0.0001, 10} : scale{1, 600000}; }

}  // namespace landing::vitals
