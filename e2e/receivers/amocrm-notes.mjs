// The notes on leads of the fake amoCRM (amocrm.mjs), from amoCRM's events-and-notes page
// (amocrm.ru/developers/content/crm_platform/events-and-notes: #notes-types, #notes-list,
// #notes-entity-list, #notes-add) and Kommo's developers.kommo.com/reference/add-notes and
// reference/notes-by-entity-id. A lead is one the fake gave in an incoming lead's
// _embedded.leads, while that incoming lead is not declined. See README.md.
import { checkNote, matcher, pageOf, problem } from './amocrm-checks.mjs';
import { bracketQuery, isObject } from './crm-common.mjs';

// The user the long-lived token acts for: the author of a note that names no other.
const userId = 6000001;
const firstId = 40000001;

export class Notes {
  #list = [];
  #next = firstId;
  #accountId;
  #isLead;

  constructor(accountId, isLead) {
    this.#accountId = accountId;
    this.#isLead = isLead;
  }

  // For GET /_control/leads: the notes on these leads, oldest first.
  of(leadIds) {
    return this.#list
      .filter((note) => leadIds.includes(note.entity_id))
      .map(({ id, entity_id, note_type, params }) => ({
        id,
        lead_id: entity_id,
        note_type,
        text: params.text ?? null,
      }));
  }

  reset() {
    [this.#list, this.#next] = [[], firstId];
  }

  // POST /api/v4/leads/notes, a JSON array of notes; or /api/v4/leads/{id}/notes, where `lead` is
  // the lead of the path (known to exist) and entity_id is not needed. All or nothing: one bad
  // note is a 400 with every bad one, and none is stored.
  add(text, host, lead = null) {
    let items;
    try {
      items = JSON.parse(text);
    } catch (error) {
      return problem(400, `The request body is not JSON: ${error.message}`);
    }
    if (!Array.isArray(items) || items.length === 0) {
      return problem(400, 'The body must be a JSON array of notes');
    }
    // #notes-add: "the string sent in the request, or the item's index when none was".
    const requestId = (item, i) =>
      typeof item?.request_id === 'string' ? item.request_id : `${i}`;
    const failed = items
      .map((item, i) => ({
        request_id: requestId(item, i),
        errors: checkNote(item, this.#isLead, lead !== null),
      }))
      .filter((each) => each.errors.length > 0);
    if (failed.length > 0) {
      return problem(400, 'Request validation failed', { 'validation-errors': failed });
    }
    const now = Math.floor(Date.now() / 1000);
    const notes = items.map((item, i) => {
      const by = item.created_by ?? userId;
      const note = {
        id: this.#next++,
        entity_id: lead ?? item.entity_id,
        created_by: by,
        updated_by: by,
        created_at: now,
        updated_at: now,
        responsible_user_id: item.responsible_user_id ?? by,
        group_id: 0,
        note_type: item.note_type,
        params: item.params,
        account_id: this.#accountId,
      };
      this.#list.push(note);
      const { id, entity_id } = note;
      return { id, entity_id, request_id: requestId(item, i), _links: self(host, note) };
    });
    return [
      200,
      { _links: { self: { href: `${host}/api/v4/leads/notes` } }, _embedded: { notes } },
    ];
  }

  // GET /api/v4/leads/{id}/notes (`lead` known to exist), or GET /api/v4/leads/notes with
  // filter[entity_id]. filter[id] and filter[note_type] take one value or a list; order[id] or
  // order[updated_at] = desc gives the newest first (a note here is never edited, so the two
  // orders agree); filter[updated_at] is not implemented and filters nothing.
  list(url, host, lead = null) {
    const query = bracketQuery(url.searchParams);
    const matches = matcher(query);
    const found = this.#list.filter(
      (note) =>
        (lead === null
          ? this.#isLead(note.entity_id) && matches('entity_id', note.entity_id)
          : note.entity_id === lead) &&
        matches('id', note.id) &&
        matches('note_type', note.note_type),
    );
    const order = isObject(query.order) ? query.order : {};
    if (order.id === 'desc' || order.updated_at === 'desc') found.reverse();
    const path = lead === null ? '/api/v4/leads/notes' : `/api/v4/leads/${lead}/notes`;
    return pageOf(url, `${host}${path}`, 'notes', found, (note) => ({
      ...note,
      _links: self(host, note),
    }));
  }
}

const self = (host, note) => ({
  self: { href: `${host}/api/v4/leads/${note.entity_id}/notes/${note.id}` },
});
