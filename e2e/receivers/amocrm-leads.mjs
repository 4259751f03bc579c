// The leads behind amocrm.mjs's incoming leads: each incoming lead is a lead in the pipeline's
// incoming stage until a manager accepts it (it moves into the pipeline and leaves the incoming
// leads' list) or declines it (it is deleted). Listed by GET /api/v4/leads with its search.
import { check, pageOf, problem, wrongType } from './amocrm-checks.mjs';
import { bracketQuery, isObject } from './crm-common.mjs';

// The pipeline's incoming stage and its first stage after it (the ids are the fake's own).
export const incomingStage = 7000010;
export const firstStage = 7000011;

const live = (record) => !record.declined;

// The body of a manager's decision on an incoming lead: accepting takes {user_id, status_id},
// declining {user_id}, each optional. Returns [body, null], or [null, the 400 answer].
export function decision(text, fields) {
  let body = {};
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch (error) {
    return [null, problem(400, `The request body is not JSON: ${error.message}`)];
  }
  const errors = [];
  if (isObject(body)) fields.forEach((field) => check(errors, body, field, field, 'int'));
  else errors.push(wrongType('', 'object'));
  if (errors.length === 0) return [body, null];
  const failed = { 'validation-errors': [{ request_id: '0', errors }] };
  return [null, problem(400, 'Request validation failed', failed)];
}

// developers.kommo.com/reference/accepting-incoming-leads: POST, optional {user_id, status_id}
// (the stage the lead goes to; the pipeline's first one otherwise). Returns the 400 answer, or
// null once accepted.
export function accept(record, text) {
  const [body, refused] = decision(text, ['user_id', 'status_id']);
  if (refused) return refused;
  record.accepted = true;
  record.status_id = body.status_id ?? firstStage;
  return null;
}

// developers.kommo.com/reference/leads-list: page, limit (at most 250) and query, "a search
// query" over the leads' filled fields; here their names, which is where the server's leads carry
// its id. Incoming leads not yet accepted are leads too, in the incoming stage. 204 when none.
export function listLeads(url, host, records, accountId) {
  const query = bracketQuery(url.searchParams);
  const words = typeof query.query === 'string' ? query.query.trim().toLowerCase() : '';
  const leads = records.filter(live).flatMap((record) =>
    record.leads.map((id, i) => ({
      id,
      name: record.names[i],
      price: 0,
      status_id: record.accepted ? record.status_id : incomingStage,
      pipeline_id: record.pipeline_id,
      created_at: record.created_at,
      account_id: accountId,
    })),
  );
  const found = leads.filter((lead) => !words || lead.name.toLowerCase().includes(words));
  const model = (lead) => ({
    ...lead,
    _links: { self: { href: `${host}/api/v4/leads/${lead.id}` } },
  });
  return pageOf(url, `${host}/api/v4/leads`, 'leads', found, model);
}
