/**
 * Every issue code the SDK reports. Codes are stable: tests, tools and people rely on them, so a code is added
 * here deliberately and documented in the README.
 */
export const ISSUE_CODES = [
  // shape (JSON Schema)
  'invalid_type',
  'missing_property',
  'unknown_property',
  'removed_field',
  'invalid_version',
  'invalid_value',
  'out_of_range',
  'blank_string',
  'too_long',
  // formats
  'invalid_slug',
  'invalid_url',
  'invalid_timestamp',
  'invalid_locale',
  'invalid_timezone',
  'invalid_map_id',
  'invalid_permalink',
  'invalid_route_path',
  'invalid_data',
  'invalid_meta',
  // uniqueness and references
  'duplicate_id',
  'duplicate_slug',
  'duplicate_path',
  'duplicate_src',
  'duplicate_reference',
  'unresolved_author',
  'unresolved_reference',
  'unresolved_front_page',
  // conditional rules
  'media_origin_required',
  'request_token_required',
  'page_public_id_required',
  'newsletter_url_required',
  // routes and build preflight
  'unsafe_output_path',
  'post_index_conflict',
  'duplicate_output_path',
  // whole-input problems
  'invalid_json',
  'invalid_payload',
  'invalid_xml',
  'nothing_to_import',
  // builder calls
  'invalid_argument',
  'not_found',
] as const

/** A stable snake_case issue code. */
export type IssueCode = (typeof ISSUE_CODES)[number]
