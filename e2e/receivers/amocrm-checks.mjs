// What the fake amoCRM (amocrm.mjs) checks in the requests it is sent, and the shape of its
// errors, each rule with the documentation page it comes from. See README.md.
import { STATUS_CODES } from 'node:http';
import { bracketQuery, isObject } from './crm-common.mjs';

// Errors are application/problem+json with the status's title and an httpstatus.es type
// (developers.kommo.com/docs/http-codes; validation-errors as in its 400 example).
export const problem = (status, detail, extra = {}) => [
  status,
  {
    ...extra,
    title: STATUS_CODES[status],
    type: `https://httpstatus.es/${status}`,
    status,
    detail,
  },
];
// FieldMissing is the API's own answer (the discuss thread below) and NotSupportedChoice its
// documented example; InvalidType and NotBlank are this fake's names, in the same style.
const missing = (path) => ({ code: 'FieldMissing', path, detail: 'This field is missing.' });
export const wrongType = (path, type) => ({
  code: 'InvalidType',
  path,
  detail: `This value should be of type ${type}.`,
});
const notChoice = (path) => ({
  code: 'NotSupportedChoice',
  path,
  detail: 'The value you selected is not a valid choice.',
});
const blank = (path) => ({ code: 'NotBlank', path, detail: 'This value should not be blank.' });
// No page gives the API's answer for a note on a lead that does not exist: this one is the fake's,
// worded as the API's "Entity not found" for a call (github.com/amocrm/amocrm-api-php/issues/52).
const notFound = (path) => ({ code: 'NotFound', path, detail: 'Entity not found' });

const kinds = {
  string: (v) => typeof v === 'string',
  int: Number.isInteger,
  object: isObject,
  array: Array.isArray,
  bool: (v) => typeof v === 'boolean',
  'string|null': (v) => v === null || typeof v === 'string',
  'int|null': (v) => v === null || Number.isInteger(v),
  'string|int|null': (v) => v === null || typeof v === 'string' || Number.isInteger(v),
  'string|number|bool': (v) => ['string', 'number', 'boolean'].includes(typeof v),
};
// True when parent[key] is there and of its kind; adds the error otherwise.
export function check(errors, parent, key, path, kind, required = false) {
  if (!Object.hasOwn(parent, key)) return void (required && errors.push(missing(path)));
  if (kinds[kind](parent[key])) return true;
  errors.push(wrongType(path, kind));
  return false;
}
const eachObject = (errors, list, path, visit) =>
  list.forEach((item, i) =>
    isObject(item) ? visit(item, `${path}.${i}`) : errors.push(wrongType(`${path}.${i}`, 'object')),
  );

// A contact's fields by code (developers.kommo.com/reference/custom-fields): PHONE and EMAIL are
// multitext with these enum codes, POSITION is text. There is no code for a messenger (IM); an
// account's own fields go by field_id, which the fake cannot know, so it takes any.
const contactCodes = {
  PHONE: ['WORK', 'WORKDD', 'MOB', 'FAX', 'HOME', 'OTHER'],
  EMAIL: ['WORK', 'PRIV', 'OTHER'],
  POSITION: null,
};
function checkFields(errors, parent, path, codes) {
  if (!check(errors, parent, 'custom_fields_values', `${path}.custom_fields_values`, 'array')) {
    return;
  }
  eachObject(errors, parent.custom_fields_values, `${path}.custom_fields_values`, (field, at) => {
    let enums = null;
    if (!Object.hasOwn(field, 'field_code'))
      check(errors, field, 'field_id', `${at}.field_id`, 'int', true);
    else if (check(errors, field, 'field_code', `${at}.field_code`, 'string') && codes) {
      if (!Object.hasOwn(codes, field.field_code)) errors.push(notChoice(`${at}.field_code`));
      else enums = codes[field.field_code];
    }
    if (!check(errors, field, 'values', `${at}.values`, 'array', true)) return;
    eachObject(errors, field.values, `${at}.values`, (value, where) => {
      check(errors, value, 'value', `${where}.value`, 'string|number|bool', true);
      check(errors, value, 'enum_id', `${where}.enum_id`, 'int');
      const code = check(errors, value, 'enum_code', `${where}.enum_code`, 'string');
      if (code && enums && !enums.includes(value.enum_code)) {
        errors.push(notChoice(`${where}.enum_code`));
      }
    });
  });
}

// One incoming lead of POST /api/v4/leads/unsorted/forms (developers.kommo.com/reference/
// incoming-leads-form; metadata: developers.kommo.com/reference/metadata). Paths start with the
// item's index, as the API's own answer shows (developers.kommo.com/discuss/686d710ab5a7e60052f7dd9a).
export function checkItem(item, at) {
  const errors = [];
  if (!isObject(item)) return [wrongType(at, 'object')];
  for (const key of ['source_name', 'source_uid']) {
    const given = check(errors, item, key, `${at}.${key}`, 'string', true);
    if (given && !item[key].trim()) errors.push(blank(`${at}.${key}`));
  }
  for (const key of ['pipeline_id', 'created_at']) check(errors, item, key, `${at}.${key}`, 'int');
  check(errors, item, 'request_id', `${at}.request_id`, 'string');
  if (check(errors, item, 'metadata', `${at}.metadata`, 'object')) {
    const meta = (key, kind) => check(errors, item.metadata, key, `${at}.metadata.${key}`, kind);
    meta('form_id', 'string|int|null');
    for (const key of ['form_name', 'form_page', 'ip', 'referer', 'visitor_uid']) {
      meta(key, 'string|null');
    }
    meta('form_sent_at', 'int|null');
  }
  if (!check(errors, item, '_embedded', `${at}._embedded`, 'object')) return errors;
  const embedded = (key, visit) => {
    const path = `${at}._embedded.${key}`;
    if (check(errors, item._embedded, key, path, 'array')) {
      eachObject(errors, item._embedded[key], path, visit);
    }
  };
  embedded('leads', (lead, path) => {
    check(errors, lead, 'name', `${path}.name`, 'string');
    check(errors, lead, 'price', `${path}.price`, 'int');
    checkFields(errors, lead, path, null);
  });
  embedded('contacts', (contact, path) => {
    for (const key of ['name', 'first_name', 'last_name']) {
      check(errors, contact, key, `${path}.${key}`, 'string');
    }
    checkFields(errors, contact, path, contactCodes);
  });
  embedded('companies', (company, path) =>
    check(errors, company, 'name', `${path}.name`, 'string'),
  );
  return errors;
}

// The note types of amocrm.ru/developers/content/crm_platform/events-and-notes#notes-types; each
// needs its `params`, and a common note its params.text.
const noteTypes = [
  'common',
  'call_in',
  'call_out',
  'service_message',
  'message_cashier',
  'geolocation',
  'sms_in',
  'sms_out',
  'extended_service_message',
  'attachment',
];

// One note of POST /api/v4/leads/notes (events-and-notes#notes-add). `isLead` says whether a lead
// exists; with the lead in the path (/api/v4/leads/{id}/notes) entity_id is not needed. Paths name
// the field alone, as the API's own answer for a note does (note_type in
// github.com/amocrm/amocrm-api-php/issues/469); request_id tells the items apart.
export function checkNote(item, isLead, leadInPath) {
  const errors = [];
  if (!isObject(item)) return [wrongType('', 'object')];
  const id = check(errors, item, 'entity_id', 'entity_id', 'int', !leadInPath);
  if (id && !leadInPath && !isLead(item.entity_id)) errors.push(notFound('entity_id'));
  for (const key of ['created_by', 'responsible_user_id']) check(errors, item, key, key, 'int');
  check(errors, item, 'request_id', 'request_id', 'string');
  const trigger = 'is_need_to_trigger_digital_pipeline';
  check(errors, item, trigger, trigger, 'bool');
  const type = check(errors, item, 'note_type', 'note_type', 'string', true);
  if (type && !noteTypes.includes(item.note_type)) errors.push(notChoice('note_type'));
  if (check(errors, item, 'params', 'params', 'object', true) && item.note_type === 'common') {
    const text = check(errors, item.params, 'text', 'params.text', 'string', true);
    if (text && !item.params.text.trim()) errors.push(blank('params.text'));
  }
  return errors;
}

// filter[key]=v, or filter[key][]=v…: whether `value` is one of those, or the filter is not given.
export function matcher(query) {
  const filter = isObject(query.filter) ? query.filter : {};
  return (key, value) =>
    filter[key] === undefined || [filter[key]].flat().map(String).includes(String(value));
}

// A page of `found` as API v4 lists give it: page and limit (at most 250; 50 by default), `next`
// only when there is more, and an empty page 204 No Content (developers.kommo.com/docs/http-codes).
export function pageOf(url, href, key, found, model) {
  const query = bracketQuery(url.searchParams);
  const page = Number(query.page ?? 1);
  const limit = Math.min(Number(query.limit ?? 50), 250);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) {
    return problem(400, 'page and limit must be positive integers');
  }
  const items = found.slice((page - 1) * limit, page * limit);
  if (items.length === 0) return [204];
  const at = (n) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('page', String(n));
    params.set('limit', String(limit));
    return { href: `${href}?${params}` };
  };
  const _links = { self: at(page), ...(page * limit < found.length && { next: at(page + 1) }) };
  return [200, { _page: page, _links, _embedded: { [key]: items.map(model) } }];
}
