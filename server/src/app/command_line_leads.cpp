#include "app/command_line_parts.hpp"
#include "delivery/channel_names.hpp"

namespace landing::app {
namespace {

std::vector<std::string> known_channels() {
  return {delivery::channel_names.begin(), delivery::channel_names.end()};
}

}  // namespace

void define_lead_commands(CLI::App& cli, config& cfg) {
  auto* leads = cli.add_subcommand("leads", "operators' commands on the lead database");
  leads->require_subcommand(1);
  leads->fallthrough();
  auto* list = leads->add_subcommand("list", "list leads")->fallthrough();
  list->callback(choose(cfg, command::leads_list));
  list->add_option("--status", cfg.leads_status,
                   "pending, held, delivered or failed (the delivery); new, taken or done (the "
                   "chat's triage); spam (either)")
      ->check(CLI::IsMember(
          {"pending", "held", "delivered", "failed", "new", "taken", "done", "spam"}));
  auto* show = leads->add_subcommand("show", "show one lead")->fallthrough();
  show->add_option("id", cfg.lead_id)->required();
  show->callback(choose(cfg, command::leads_show));
  auto* retry =
      leads
          ->add_subcommand("retry",
                           "deliver a lead's failed or disabled deliveries again (ID), or turn a "
                           "channel its receiver turned off on again (--channel without ID)")
          ->fallthrough();
  retry->add_option("id", cfg.lead_id);
  retry
      ->add_option("--channel", cfg.channel,
                   "telegram, webhook, email, bitrix24 or amocrm (default: every one)")
      ->check(CLI::IsMember(known_channels()));
  retry->callback([&cfg] {
    cfg.what = command::leads_retry;
    if (cfg.lead_id.empty() && cfg.channel.empty()) {
      throw CLI::ValidationError("a lead's id, or --channel to turn a channel on again");
    }
  });
  auto* redeliver =
      leads
          ->add_subcommand("redeliver",
                           "send leads to a channel again, delivered or not (a receiver that "
                           "lost them): --id ID or --since DATE")
          ->fallthrough();
  redeliver->add_option("--channel", cfg.channel, "webhook, email, bitrix24, amocrm or telegram")
      ->required()
      ->check(CLI::IsMember(known_channels()));
  auto* again_id = redeliver->add_option("--id", cfg.lead_id, "one lead's id");
  auto* again_since = redeliver->add_option("--since", cfg.redeliver_since,
                                            "every lead that arrived on or after this day "
                                            "(YYYY-MM-DD, UTC)");
  again_id->excludes(again_since);
  redeliver->callback([&cfg, again_id, again_since] {
    cfg.what = command::leads_redeliver;
    if (!*again_id && !*again_since) throw CLI::ValidationError("--id or --since is required");
  });
  auto* export_leads =
      leads
          ->add_subcommand("export",
                           "all leads as CSV (--csv), or everything stored about one person as "
                           "JSON (--email or --id: a data subject's access request)")
          ->fallthrough();
  auto* csv = export_leads->add_flag("--csv")->description("all leads as CSV");
  auto* email = export_leads->add_option("--email", cfg.subject.email, "the person's e-mail");
  auto* id = export_leads->add_option("--id", cfg.subject.id, "one lead's id");
  csv->excludes(email)->excludes(id);
  email->excludes(id);
  export_leads->callback(
      [&cfg, csv] { cfg.what = *csv ? command::leads_export : command::leads_export_subject; });
  export_leads->require_option(1);
  auto* erase = leads
                    ->add_subcommand("erase",
                                     "erase everything stored about one person (--email) or one "
                                     "lead (--id), clean its copy in the chat, keep a record")
                    ->fallthrough();
  auto* erase_email = erase->add_option("--email", cfg.subject.email, "the person's e-mail");
  auto* erase_id = erase->add_option("--id", cfg.subject.id, "one lead's id");
  erase_email->excludes(erase_id);
  erase->add_option("--reason", cfg.erase_reason,
                    "why, for the record (a ticket number; never the person's details)");
  erase->callback([&cfg, erase_email, erase_id] {
    cfg.what = command::leads_erase;
    if (!*erase_email && !*erase_id) throw CLI::ValidationError("--email or --id is required");
  });
  auto* erasures =
      leads->add_subcommand("erasures", "the record of erased leads (no personal data)")
          ->fallthrough();
  erasures->add_option("--since", cfg.erasures_since, "from this day on (YYYY-MM-DD, UTC)");
  erasures->add_flag("--json", cfg.erasures_json, "one JSON object instead of a table");
  erasures->callback(choose(cfg, command::leads_erasures));
  auto* report = leads
                     ->add_subcommand("report",
                                      "per source: visits, leads, conversion, the desk's shares "
                                      "taken, spam and done, and the median time to take")
                     ->fallthrough();
  report->callback(choose(cfg, command::leads_report));
  report->add_option("--days", cfg.sources_request.days, "the last N days, today included")
      ->check(CLI::Range(1, 3650))
      ->capture_default_str();
  report->add_option("--locale", cfg.sources_request.locale, "only this locale (en, ru)");
  report->add_flag("--json", cfg.sources_request.json, "one JSON object instead of a table");
  report->add_option("--html", cfg.sources_request.html_file,
                     "also write a self-contained HTML page with a bar chart to this file");
}

}  // namespace landing::app
