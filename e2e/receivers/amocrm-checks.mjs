// What the fake amoCRM (amocrm.mjs) checks in the requests it is sent, and the shape of its
// errors, each rule with the documentation page it comes from. See README.md.
import { STATUS_CODES } from 'node:http';
import { isObject } from './crm-common.mjs';

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

const kinds = {
  string: (v) => typeof v === 'string',
  int: Number.isInteger,
  object: isObject,
  array: Array.isArray,
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
