<?php
// The corpus builder's wp-config.php (scripts/corpus/wordpress/build.sh copies it into a scratch copy of WordPress's
// core). Which site is loaded comes from the environment build.sh sets: its database, its wp-content folder, and the
// address it says it is served at (the sites are never served over the network; the address is what permalinks,
// exports and upload URLs are written with).
$pd_sites = require getenv('PD_WP_SITES');
$pd_site = $pd_sites[getenv('PD_WP_SITE')];

define('DB_NAME', getenv('PD_WP_DB'));
define('DB_USER', 'pd_corpus');
define('DB_PASSWORD', 'pd_corpus');
define('DB_HOST', 'localhost');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', $pd_site['home']);
// WordPress in a folder of its own (siteurl) while the site is served at the home address: wp-content is under it.
define('WP_SITEURL', $pd_site['siteurl'] ?? $pd_site['home']);
define('WP_CONTENT_DIR', getenv('PD_WP_CONTENT'));
define('WP_CONTENT_URL', WP_SITEURL . '/wp-content');
// Nothing may reach the network (oEmbed discovery, update checks, pings): the machine has none, and the oracle
// must not depend on it.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_DEBUG', false);
// Fixed salts: these installs hold no secret, and fixed values keep the build reproducible.
foreach (['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'] as $pd_key) {
    define($pd_key, 'preview-data-corpus-' . $pd_key);
}
$table_prefix = 'wp_';
// No mail leaves these installs (WordPress mails the owner on install and on comments); replaces the pluggable one.
function wp_mail() { return true; }
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
$_SERVER['HTTP_HOST'] = parse_url($pd_site['home'], PHP_URL_HOST);
$_SERVER['SERVER_NAME'] = $_SERVER['HTTP_HOST'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['HTTPS'] = str_starts_with($pd_site['home'], 'https:') ? 'on' : 'off';
require_once ABSPATH . 'wp-settings.php';
