<?php
// The oracle of slugs.test.ts: WordPress's own sanitize_title ('save' context: remove_accents, then
// sanitize_title_with_dashes, as the sanitize_title filter runs it), loaded from a WordPress install's formatting.php
// (the first argument: its ABSPATH). Reads JSON lines, each a title (the site locale en_US) or a [title, site locale]
// pair, and prints the slug WordPress derives from each as a JSON line.
define('ABSPATH', rtrim($argv[1], '/') . '/');
function apply_filters($tag, $value, ...$args) {
  return $tag === 'sanitize_title' ? sanitize_title_with_dashes($value, $args[0] ?? '', $args[1] ?? 'display') : $value;
}
$site_locale = 'en_US';
function get_locale() { global $site_locale; return $site_locale; }
function _x($text, $context) { return $text; }
function __($text) { return $text; }
function mbstring_binary_safe_encoding() {}
function reset_mbstring_encoding() {}
require ABSPATH . 'wp-includes/formatting.php';
while (($line = fgets(STDIN)) !== false) {
  $input = json_decode($line, true);
  [$title, $site_locale] = is_array($input) ? $input : [$input, 'en_US'];
  echo json_encode(sanitize_title($title), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
}
