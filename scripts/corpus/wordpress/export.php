<?php
// Exports one corpus site with WordPress's own exporter (export_wp(), what Tools → Export runs) and writes the oracle:
// what the live install serves, read from WordPress itself rather than from the export, so that the export and the
// importer can both be judged against it.
//   site/export.xml   export_wp(['content' => 'all'])
//   oracle.json       every item of every type (id, type, status, password, the URL get_permalink() gives and
//                     whether WordPress's rewrite rules resolve that URL back to the item), the front page, the posts
//                     page, the menus as trees with their theme locations, category and tag archive URLs, media URLs
require getenv('PD_WP_CORE') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/export.php';

$name = getenv('PD_WP_SITE');
$out = getenv('PD_WP_OUT');
$site = (require getenv('PD_WP_SITES'))[$name];

ob_start();
export_wp(['content' => 'all']);
$xml = ob_get_clean();
file_put_contents("$out/site/export.xml", $xml);

global $wpdb, $wp_rewrite;
$exported = get_post_types(['can_export' => true]);
$documents = [];
$languages = json_decode((string) @file_get_contents(getenv('PD_WP_CONTENT') . '/../languages.json'), true) ?: [];
$media = [];
$counts = [];
$ids = $wpdb->get_col("SELECT ID FROM {$wpdb->posts} WHERE post_type NOT IN ('revision', 'nav_menu_item', 'customize_changeset', 'oembed_cache', 'wp_global_styles', 'user_request') AND post_status != 'auto-draft' ORDER BY ID");
foreach ($ids as $id) {
    $post = get_post((int) $id);
    $counts[$post->post_type] = ($counts[$post->post_type] ?? 0) + 1;
    if ($post->post_type === 'attachment') {
        $media[] = ['id' => $post->ID, 'url' => wp_get_attachment_url($post->ID), 'file' => get_post_meta($post->ID, '_wp_attached_file', true), 'mime' => $post->post_mime_type,
            'sizes' => array_values(array_map(fn ($s) => $s['file'], wp_get_attachment_metadata($post->ID)['sizes'] ?? [])), 'parent' => $post->post_parent];
        continue;
    }
    $type = get_post_type_object($post->post_type);
    $status = $post->post_status === 'publish' ? ($post->post_password !== '' ? 'password' : 'published') : $post->post_status;
    $url = get_permalink($post);
    $doc = [
        'source' => "{$post->post_type}/{$post->ID}", 'id' => $post->ID, 'type' => $post->post_type, 'status' => $status,
        'url' => $url, 'title' => $post->post_title, 'slug' => $post->post_name,
        // Whether a visitor can reach it at all: a public type; whether the export carries it.
        'public' => (bool) ($type && $type->public), 'exported' => isset($exported[$post->post_type]),
    ];
    if ($post->post_parent) $doc['parent'] = $post->post_parent;
    if ($status === 'published' && $doc['public']) {
        // The URL WordPress serves the item at must lead back to it through the site's rewrite rules.
        // (The posts page is the exception: WordPress serves the posts index there, which url_to_postid() does not report.)
        $doc['resolves'] = url_to_postid($url) === $post->ID || $post->ID === (int) get_option('page_for_posts');
    }
    if (isset($languages[$post->ID])) $doc['lang'] = $languages[$post->ID];
    $documents[] = $doc;
}

$front = get_option('show_on_front') === 'page' && get_option('page_on_front')
    ? ['type' => 'page', 'id' => (int) get_option('page_on_front'), 'url' => get_permalink((int) get_option('page_on_front')), 'title' => get_the_title((int) get_option('page_on_front')), 'page_uri' => get_page_uri((int) get_option('page_on_front'))]
    : ['type' => 'posts', 'url' => home_url('/')];
$postsPage = (int) get_option('page_for_posts');
$postsIndex = get_option('show_on_front') === 'page'
    ? ($postsPage ? ['id' => $postsPage, 'url' => get_permalink($postsPage), 'title' => get_the_title($postsPage), 'page_uri' => get_page_uri($postsPage)] : null)
    : ['url' => home_url('/')];

$locations = get_nav_menu_locations();
$menus = [];
foreach (wp_get_nav_menus() as $menu) {
    $items = wp_get_nav_menu_items($menu->term_id, ['update_post_term_cache' => false]);
    $menus[] = [
        'id' => $menu->term_id, 'name' => $menu->name, 'slug' => $menu->slug,
        'locations' => array_keys(array_filter($locations, fn ($m) => (int) $m === $menu->term_id)),
        'items' => menuTree($items, 0),
    ];
}

// Block navigation (wp_navigation), as WordPress renders it for a visitor: the navigation block's HTML read back into
// a tree (label, href, children), and which template parts show it.
$navigations = [];
foreach (get_posts(['post_type' => 'wp_navigation', 'post_status' => 'publish', 'numberposts' => -1, 'orderby' => 'ID', 'order' => 'ASC']) as $nav) {
    $html = do_blocks('<!-- wp:navigation {"ref":' . $nav->ID . ',"overlayMenu":"never"} /-->');
    $shownIn = [];
    foreach (get_posts(['post_type' => 'wp_template_part', 'post_status' => 'publish', 'numberposts' => -1]) as $part) {
        if (preg_match('/<!-- wp:navigation \{[^}]*"ref":' . $nav->ID . '\b/', $part->post_content)) $shownIn[] = $part->post_name;
    }
    $navigations[] = ['id' => $nav->ID, 'slug' => $nav->post_name, 'title' => $nav->post_title, 'template_parts' => $shownIn, 'items' => navigationTree($html)];
}

$terms = [];
foreach (['category', 'post_tag', 'product_cat'] as $taxonomy) {
    if (!taxonomy_exists($taxonomy)) continue;
    foreach (get_terms(['taxonomy' => $taxonomy, 'hide_empty' => false]) as $term) {
        $terms[] = ['taxonomy' => $taxonomy, 'slug' => $term->slug, 'name' => html_entity_decode($term->name, ENT_QUOTES | ENT_HTML5, 'UTF-8'), 'count' => $term->count, 'url' => get_term_link($term)];
    }
}

$statusCounts = [];
foreach ($documents as $d) $statusCounts[$d['status']] = ($statusCounts[$d['status']] ?? 0) + 1;
$oracle = [
    'id' => "wp-$name",
    'package' => "WordPress " . getenv('PD_WP_VERSION') . ' (Debian), built by scripts/corpus/wordpress/build.sh',
    'method' => 'wordpress-live',
    'built_at' => gmdate('Y-m-d\TH:i:s\Z'),
    'generator' => ['name' => 'WordPress', 'version' => getenv('PD_WP_VERSION'), 'how' => 'a live WordPress install (Debian package) filled through its API by scripts/corpus/wordpress/content.php and exported by export_wp(); URLs from get_permalink(), checked with url_to_postid(); front page, posts page, menus and locations from its options'],
    'settings' => [
        'home' => home_url(), 'siteurl' => site_url(), 'permalink_structure' => get_option('permalink_structure'), 'category_base' => get_option('category_base'), 'tag_base' => get_option('tag_base'),
        'timezone_string' => get_option('timezone_string'), 'gmt_offset' => get_option('gmt_offset'), 'show_on_front' => get_option('show_on_front'),
        'posts_per_page' => (int) get_option('posts_per_page'), 'locale' => get_locale(),
    ],
    'front_page' => $front,
    'posts_index' => $postsIndex,
    'menus' => $menus,
    'navigations' => $navigations,
    'locations' => array_map(fn ($m) => get_term((int) $m, 'nav_menu')->slug ?? null, $locations),
    'types' => $counts,
    'counts' => $statusCounts,
    'terms' => $terms,
    'media' => $media,
    'documents' => $documents,
];
file_put_contents("$out/oracle.json", json_encode($oracle, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");

function menuTree(array $items, int $parent): array {
    $out = [];
    foreach ($items as $item) {
        if ((int) $item->menu_item_parent !== $parent) continue;
        $out[] = ['title' => html_entity_decode($item->title, ENT_QUOTES | ENT_HTML5, 'UTF-8'), 'url' => $item->url, 'target' => $item->target, 'type' => $item->type, 'object' => $item->object, 'object_id' => (int) $item->object_id, 'children' => menuTree($items, $item->ID)];
    }
    return $out;
}

/** The items of a rendered navigation block: each list item's link (or submenu button) and its nested list. */
function navigationTree(string $html): array {
    $doc = new DOMDocument();
    @$doc->loadHTML('<?xml encoding="utf-8"?><div id="nav">' . $html . '</div>');
    $xpath = new DOMXPath($doc);
    // The navigation's lists (its container, or a page list standing alone) hold its items.
    $nav = $xpath->query('//nav[contains(@class, "wp-block-navigation")]')->item(0);
    return $nav ? navigationList($xpath, $nav) : [];
}

function navigationList(DOMXPath $xpath, DOMNode $ul): array {
    $out = [];
    // A page list renders its own list inside the navigation's: its items are the navigation's too.
    foreach ($xpath->query('./ul', $ul) as $inner) array_push($out, ...navigationList($xpath, $inner));
    foreach ($xpath->query('./li', $ul) as $li) {
        $link = $xpath->query('./a | ./button[not(contains(@class, "wp-block-navigation-submenu__toggle") and ../a)]', $li)->item(0);
        $sub = $xpath->query('./ul', $li)->item(0);
        $out[] = ['title' => $link ? trim($link->textContent) : '', 'url' => $link instanceof DOMElement ? $link->getAttribute('href') : '', 'target' => $link instanceof DOMElement ? $link->getAttribute('target') : '', 'children' => $sub ? navigationList($xpath, $sub) : []];
    }
    return $out;
}
