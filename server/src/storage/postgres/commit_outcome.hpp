#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "storage/postgres/database.hpp"

// What became of a batch of leads whose COMMIT did not plainly succeed, asked of the database
// before any visitor is answered, so that "stored" is never said of a lead that is lost and "not
// stored" never of one that is kept (docs/server.md, Failover):
// - the answer was lost (the connection went during COMMIT): the transaction's own outcome,
//   by its id taken before the COMMIT (txid_status), with the leads' ids as the proof. While it
//   is still in progress (its commit waits on a synchronous standby) it may yet commit, so the
//   look-up waits for it rather than call it lost;
// - committed on the primary, but not known to be on the synchronous standby (the wait for it was
//   cancelled: PostgreSQL's "committed locally, but might not have been replicated"): a commit
//   of its own, which the primary holds until the standby has flushed the WAL up to it, and so
//   past the leads' commit. Only then are the leads acknowledged.
namespace landing::storage::postgres {

// How long a lead whose commit was cut off waits for a primary to say whether it is stored, and
// for the synchronous standby to have it: a failover takes seconds, and the visitor is waiting.
inline constexpr std::chrono::seconds commit_check_patience{10};

// Returns once the leads `ids` (written by transaction `xid`) are stored, and on the synchronous
// standby when one is configured; throws storage::error (unavailable) when they are not, or when
// that cannot be known within commit_check_patience. `why` is what happened to the COMMIT.
void confirm_commit(database& db, const std::vector<std::string>& ids, const std::string& xid,
                    const std::string& why);

// Returns once every commit so far on the primary `db` reaches is on its synchronous standby
// (at once when none is configured); throws storage::error (unavailable) when the standby does
// not confirm within commit_check_patience.
void confirm_replicated(database& db, const std::vector<std::string>& ids);

}  // namespace landing::storage::postgres
