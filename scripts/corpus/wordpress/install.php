<?php
// Installs one corpus site (build.sh sets PD_WP_*): WordPress's own wp_install(), then the settings that decide its
// URLs, set before any content exists so that every item is written under the site's final rules.
define('WP_INSTALLING', true);
require getenv('PD_WP_CORE') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

$site = (require getenv('PD_WP_SITES'))[getenv('PD_WP_SITE')];
$result = wp_install($site['title'], 'editor', 'editor@' . parse_url($site['home'], PHP_URL_HOST), true, '', 'corpus-password-not-secret', $site['locale']);
if (is_wp_error($result)) { fwrite(STDERR, $result->get_error_message() . "\n"); exit(1); }

update_option('blogdescription', $site['tagline']);
if (is_string($site['timezone'])) { update_option('timezone_string', $site['timezone']); update_option('gmt_offset', ''); }
else { update_option('timezone_string', ''); update_option('gmt_offset', $site['timezone']); }
update_option('permalink_structure', $site['permalink']);
update_option('category_base', $site['category_base']);
update_option('tag_base', $site['tag_base']);
update_option('posts_per_page', 10);
update_option('thread_comments', 1);
update_option('thread_comments_depth', 5);
update_option('uploads_use_yearmonth_folders', 1);
if ($site['locale'] !== '') update_option('WPLANG', $site['locale']);
// wp_install() wrote a "Hello world!" post, a sample page and a comment; a real site has usually kept them
// (they are part of what users bring), so they stay.
