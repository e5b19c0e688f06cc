<?php
// The oracle of display-text.test.ts's site title rows: what WordPress stores of a site title or tagline typed so
// (sanitize_option's esc_html) and bloginfo then prints (wptexturize), with WordPress's own functions from a WordPress
// install (the first argument: its ABSPATH). Reads JSON lines, each a typed text; prints the printed HTML of each.
define('ABSPATH', rtrim($argv[1], '/') . '/');
function apply_filters($tag, $value) { return $value; }
function _x($text, $context) { return $text; }
function get_option($name) { return 'UTF-8'; }
function wp_load_alloptions() { return array('blog_charset' => 'UTF-8'); }
require ABSPATH . 'wp-includes/formatting.php';
require ABSPATH . 'wp-includes/kses.php';
$GLOBALS['shortcode_tags'] = array();
while (($line = fgets(STDIN)) !== false) {
  echo json_encode(wptexturize(esc_html(json_decode($line, true))), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
