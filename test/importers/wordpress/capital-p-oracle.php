<?php
// The oracle of capital-p.test.ts: WordPress's own capital_P_dangit, loaded from a WordPress install's formatting.php
// (the first argument: its ABSPATH). Reads JSON lines, each [text, filter it runs in: the_title or the_content], and
// prints its result for each as a JSON line.
define('ABSPATH', rtrim($argv[1], '/') . '/');
function apply_filters($tag, $value) { return $value; }
function _x($text, $context) { return $text; }
$GLOBALS['oracle_filter'] = '';
function current_filter() { return $GLOBALS['oracle_filter']; }
require ABSPATH . 'wp-includes/formatting.php';
while (($line = fgets(STDIN)) !== false) {
  [$text, $GLOBALS['oracle_filter']] = json_decode($line, true);
  echo json_encode(capital_P_dangit($text), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
