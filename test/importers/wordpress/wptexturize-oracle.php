<?php
// The oracle of texturize.test.ts: WordPress's own wptexturize, loaded from a WordPress install's formatting.php
// (the first argument: its ABSPATH), with the filters and translations it calls left as they are. Reads JSON lines,
// each [text, [registered shortcode names]], and prints wptexturize's result for each as a JSON line.
define('ABSPATH', rtrim($argv[1], '/') . '/');
function apply_filters($tag, $value) { return $value; }
function _x($text, $context) { return $text; }
require ABSPATH . 'wp-includes/formatting.php';
while (($line = fgets(STDIN)) !== false) {
  [$text, $names] = json_decode($line, true);
  $GLOBALS['shortcode_tags'] = array_fill_keys($names, '__return_false');
  echo json_encode(wptexturize($text), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
