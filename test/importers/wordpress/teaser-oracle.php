<?php
// The oracle of teaser.test.ts: what WordPress's automatic excerpt (wp_trim_excerpt) makes of a classic teaser, with
// WordPress's own functions from a WordPress install's formatting.php (the first argument: its ABSPATH): the_content's
// wptexturize, wpautop and capital_P_dangit in their priority order, then wp_trim_words' 55 words of the text
// without tags. Reads JSON lines, each a teaser, and prints the excerpt's words for each as a JSON line.
define('ABSPATH', rtrim($argv[1], '/') . '/');
function apply_filters($tag, $value) { return $value; }
function _x($text, $context) { return $text; }
function current_filter() { return 'the_content'; }
require ABSPATH . 'wp-includes/formatting.php';
$GLOBALS['shortcode_tags'] = array();
while (($line = fgets(STDIN)) !== false) {
  $teaser = json_decode($line, true);
  $html = capital_P_dangit(wpautop(wptexturize($teaser)));
  $text = html_entity_decode(wp_trim_words($html, 55, ''), ENT_QUOTES | ENT_HTML5, 'UTF-8');
  echo json_encode($text, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
