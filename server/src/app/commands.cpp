#include "app/commands.hpp"

#include <filesystem>
#include <iostream>

#include "amocrm/cli.hpp"
#include "app/channel_settings.hpp"
#include "app/digest_alerts.hpp"
#include "app/digest_delivery.hpp"
#include "app/failure.hpp"
#include "app/healthcheck.hpp"
#include "app/store.hpp"
#include "attribution/cli.hpp"
#include "bitrix24/cli.hpp"
#include "digest/cli.hpp"
#include "leads/cli.hpp"
#include "privacy/cli.hpp"
#include "storage/copy.hpp"
#include "storage/open.hpp"
#include "storage/sqlite/backup.hpp"
#include "vitals/cli.hpp"
#include "webhook/cli.hpp"

namespace landing::app {
namespace {

std::unique_ptr<storage::lead_store> open_for_command(const config& cfg, const std::string& db) {
  auto options = store_options(cfg);
  options.postgres.session = false;
  return storage::open(db, options);
}

int migrate_db(const config& cfg) {
  if (const auto problem = make_folder(cfg.copy_to); !problem.empty()) return fail(problem);
  try {
    auto from = open_for_command(cfg, cfg.copy_from);
    auto to = open_for_command(cfg, cfg.copy_to);
    const auto report = storage::copy_leads(*from, *to);
    from->stop();
    to->stop();
    std::cout << "copied " << report.copied << " leads, " << report.already_there
              << " were there already; " << report.verified << " of " << report.source_total
              << " found in " << storage::describe(cfg.copy_to)
              << " (each with its triage and click history); " << report.erasures_copied
              << " erasure records; " << report.settings_copied << " settings copied\n";
    return report.verified == report.source_total ? 0 : 1;
  } catch (const std::exception& e) {
    return fail(std::string("migrate-db: ") + e.what());
  }
}

int backup(const config& cfg) {
  if (!storage::is_file(cfg.db)) {
    return fail("backup: " + storage::describe(cfg.db) +
                " is PostgreSQL; back it up with pg_dump (docs/deploy.md, Backups)");
  }
  try {
    const auto report = storage::sqlite::backup(cfg.db, cfg.backup_to);
    std::cout << "backed up " << report.leads << " leads (" << report.bytes << " bytes) to "
              << cfg.backup_to << "; PRAGMA integrity_check: ok\n";
    return 0;
  } catch (const std::exception& e) {
    return fail(std::string("backup: ") + e.what());
  }
}

// A report reads; it never leaves an empty database where the server's was expected.
template <typename Run>
int report(const config& cfg, std::string_view name, Run run) {
  if (storage::is_file(cfg.db) && !std::filesystem::exists(cfg.db)) {
    return fail(std::string(name) + ": no database at " + cfg.db +
                " (the server makes it on its first start; --db names another)");
  }
  try {
    const auto store = open_for_command(cfg, cfg.db);
    const int code = run(*store);
    store->stop();
    return code;
  } catch (const std::exception& e) {
    return fail("database " + storage::describe(cfg.db) + ": " + e.what());
  }
}

int leads_command(const config& cfg) {
  if (const auto problem = make_folder(cfg.db); !problem.empty()) return fail(problem);
  try {
    const auto store = open_for_command(cfg, cfg.db);
    int code = 0;
    switch (cfg.what) {
      case command::leads_list:
        code = leads::cli::list(*store, cfg.leads_status, std::cout);
        break;
      case command::leads_show:
        code = leads::cli::show(*store, cfg.lead_id, std::cout, std::cerr);
        break;
      case command::leads_retry:
        code = leads::cli::retry(*store, cfg.lead_id, cfg.channel, std::cout, std::cerr);
        break;
      case command::leads_redeliver:
        code = leads::cli::redeliver(*store, cfg.channel, cfg.lead_id, cfg.redeliver_since,
                                     std::cout, std::cerr);
        break;
      case command::leads_export_subject:
        code = privacy::cli::export_subject(*store, cfg.subject, std::cout, std::cerr);
        break;
      case command::leads_erase:
        code = privacy::cli::erase_subject(*store, cfg.subject, cfg.erase_reason, std::cout,
                                           std::cerr);
        break;
      case command::leads_erasures:
        code = privacy::cli::list_erasures(*store, cfg.erasures_since, cfg.erasures_json, std::cout,
                                           std::cerr);
        break;
      default:
        code = leads::cli::export_csv(*store, std::cout);
        break;
    }
    store->stop();
    return code;
  } catch (const std::exception& e) {
    return fail("database " + storage::describe(cfg.db) + ": " + e.what());
  }
}

}  // namespace

std::string make_folder(const std::string& db) {
  if (!storage::is_file(db)) return {};
  std::error_code ec;
  if (const auto parent = std::filesystem::path(db).parent_path(); !parent.empty()) {
    std::filesystem::create_directories(parent, ec);
    if (ec) return "cannot create " + parent.string() + ": " + ec.message();
  }
  return {};
}

int webhook_test(const config& cfg) {
  if (cfg.webhook_url.empty()) return fail("webhook test: --webhook-url is not set");
  const auto settings = webhook_settings_of(cfg);
  if (!settings.error.empty()) return fail("webhook test: " + settings.error);
  return webhook::cli::test(*settings.options, std::cout, std::cerr);
}

int bitrix24_test(const config& cfg) {
  const auto settings = bitrix24_settings_of(cfg, cfg.origin);
  if (!settings.error.empty()) return fail("bitrix24 test: " + settings.error);
  if (!settings.options) {
    return fail(
        "bitrix24 test: no webhook: --bitrix24-webhook-file (or the credential bitrix24-webhook)");
  }
  return bitrix24::cli::test(*settings.options, std::cout, std::cerr);
}

int amocrm_test(const config& cfg) {
  const auto settings = amocrm_settings_of(cfg, cfg.origin);
  if (!settings.error.empty()) return fail("amocrm test: " + settings.error);
  if (!settings.options) return fail("amocrm test: --amocrm-url is not set");
  return amocrm::cli::test(*settings.options, std::cout, std::cerr);
}

int run_command(const config& cfg) {
  switch (cfg.what) {
    case command::webhook_new_secret:
      return webhook::cli::new_secret(std::cout);
    case command::webhook_test:
      return webhook_test(cfg);
    case command::bitrix24_test:
      return bitrix24_test(cfg);
    case command::amocrm_test:
      return amocrm_test(cfg);
    case command::migrate_db:
      return migrate_db(cfg);
    case command::healthcheck:
      return healthcheck(cfg, std::cout, std::cerr);
    case command::backup:
      return backup(cfg);
    case command::vitals_report:
      return report(cfg, "vitals report", [&](storage::lead_store& store) {
        return vitals::cli::report(store, cfg.vitals_request, std::cout, std::cerr);
      });
    case command::leads_report:
      return report(cfg, "leads report", [&](storage::lead_store& store) {
        return attribution::cli::report(store, cfg.sources_request, std::cout, std::cerr);
      });
    case command::digest_preview:
      return report(cfg, "digest preview", [&](storage::lead_store& store) {
        return digest::cli::preview(
            store, cfg.digest_request,
            digest::cadence_named(cfg.digest).value_or(digest::cadence::off), cfg.digest_tz,
            digest_alerts(store, cfg), std::cout, std::cerr);
      });
    case command::digest_send:
      return report(cfg, "digest send", [&](storage::lead_store& store) {
        return send_digest_now(store, cfg, std::cout, std::cerr);
      });
    default:
      return leads_command(cfg);
  }
}

}  // namespace landing::app
