#!/usr/bin/env bash
# Builds real WordPress sites and exports them with WordPress's own exporter, for the corpus (issue 14): Debian's
# wordpress package (6.1), MariaDB and PHP's CLI are installed if missing, each site of sites.php is installed into
# a scratch folder outside the repository, filled with content written by content.php through WordPress's own API,
# exported by export_wp(), and described by the live install (oracle.php): every item's permalink, the front page,
# the posts page, the menus and their theme locations. What lands in .corpus/wp-<name>/ (ignored by git):
#   site/export.xml   the WXR export            site/uploads/   a copy of wp-content/uploads (for --uploads)
#   oracle.json       what the live install serves, item by item
#
#   bash scripts/corpus/wordpress/build.sh              every site (about 4 minutes)
#   bash scripts/corpus/wordpress/build.sh dated-blog   only the named sites
#
# PREVIEW_DATA_WP_SCRATCH moves the scratch installs (default $TMPDIR/preview-data-corpus-wp); PREVIEW_DATA_CORPUS
# moves the corpus, as for the other corpus scripts. Needs root for apt-get and the database (the corpus machine is).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
corpus="${PREVIEW_DATA_CORPUS:-$repo/.corpus}"
scratch="${PREVIEW_DATA_WP_SCRATCH:-${TMPDIR:-/tmp}/preview-data-corpus-wp}"

need=()
[ -d /usr/share/wordpress/wp-includes ] || need+=(wordpress)
command -v php >/dev/null || need+=(php-cli)
modules="$(php -m 2>/dev/null || true)"
for m in mysqli:php-mysql gd:php-gd mbstring:php-mbstring xml:php-xml; do
  grep -qx "${m%%:*}" <<<"$modules" || need+=("${m#*:}")
done
command -v mariadbd >/dev/null || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]} (Debian packages)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# The database server: started if it is not answering (this script never stops it: other work may use it).
if ! mysqladmin ping --silent >/dev/null 2>&1; then
  service mariadb start >/dev/null || service mysql start >/dev/null
  for _ in $(seq 1 30); do mysqladmin ping --silent >/dev/null 2>&1 && break; sleep 1; done
fi

# One copy of WordPress's core for every site, with our wp-config.php (Debian's reads /etc/wordpress per host name);
# each site has its own database and its own wp-content (uploads, our mu-plugin).
mkdir -p "$scratch"
rm -rf "$scratch/core"
# -L: Debian links parts of the core (getID3, certificates, scripts) into /usr/share relatively; copy their targets.
cp -rL /usr/share/wordpress "$scratch/core"
rm -f "$scratch/core/.htaccess"
cp "$here/wp-config.php" "$scratch/core/wp-config.php"
wp_version="$(php -r 'include "/usr/share/wordpress/wp-includes/version.php"; echo $wp_version;')"

if [ $# -gt 0 ]; then sites=("$@"); else mapfile -t sites < <(php -r '$s = require $argv[1]; echo implode("\n", array_keys($s)), "\n";' "$here/sites.php"); fi

for name in "${sites[@]}"; do
  php -r '$s = require $argv[1]; exit(isset($s[$argv[2]]) ? 0 : 1);' "$here/sites.php" "$name" || { echo "no WordPress corpus site is called $name (see $here/sites.php)" >&2; exit 2; }
  started=$(date +%s)
  db="pd_corpus_${name//-/_}"
  site_dir="$scratch/sites/$name"
  out="$corpus/wp-$name"
  rm -rf "$site_dir" "$out"
  mkdir -p "$site_dir/wp-content/uploads" "$site_dir/wp-content/mu-plugins" "$site_dir/wp-content/themes" "$site_dir/wp-content/plugins" "$out/site"
  cp "$here/mu-plugin.php" "$site_dir/wp-content/mu-plugins/preview-data-corpus.php"
  mysql -e "DROP DATABASE IF EXISTS \`$db\`; CREATE DATABASE \`$db\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;
    CREATE USER IF NOT EXISTS 'pd_corpus'@'localhost' IDENTIFIED BY 'pd_corpus';
    GRANT ALL ON \`pd_corpus_%\`.* TO 'pd_corpus'@'localhost';"
  export PD_WP_CORE="$scratch/core" PD_WP_SITE="$name" PD_WP_DB="$db" PD_WP_CONTENT="$site_dir/wp-content" PD_WP_SITES="$here/sites.php" PD_WP_OUT="$out" PD_WP_VERSION="$wp_version"
  php "$here/install.php"
  php -d memory_limit=1G "$here/content.php"
  php -d memory_limit=1G "$here/export.php"
  cp -a "$site_dir/wp-content/uploads" "$out/site/uploads"
  echo "wp-$name: $(php -r '$o = json_decode(file_get_contents($argv[1]), true); $c = []; foreach ($o["documents"] as $d) { $c[$d["type"]." ".$d["status"]] = ($c[$d["type"]." ".$d["status"]] ?? 0) + 1; } ksort($c); echo implode(", ", array_map(fn($k, $v) => "$v $k", array_keys($c), $c));' "$out/oracle.json") ($(( $(date +%s) - started )) s)"
done
