<?php
// Fills one installed corpus site (build.sh sets PD_WP_*) through WordPress's own API, as its owner would over the
// years: authors, categories and tags, images uploaded to the media library (real files, with the size variants
// WordPress makes), pages in a hierarchy, posts in the block editor and the classic one with galleries, captions,
// embeds, reusable blocks and plugin shortcodes, every status WordPress has, comments, links between posts written
// with their permalinks, custom types, and menus in theme locations. A seeded generator makes every build the same.
require getenv('PD_WP_CORE') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/media.php';
require_once ABSPATH . 'wp-admin/includes/post.php';
require_once ABSPATH . 'wp-includes/nav-menu.php';

$name = getenv('PD_WP_SITE');
$site = (require getenv('PD_WP_SITES'))[$name];
$words = json_decode(file_get_contents(__DIR__ . '/../_text.json'), true);
$rng = new Rng($site['seed']);
// The build's "now": future posts are scheduled after it, comments and uploads before it.
$now = time();

wp_set_current_user(1);
// Remote lookups (oEmbed, pings) are off; so is the pingback WordPress would send for each link between posts.
remove_action('do_pings', 'do_all_pings', 10);
add_filter('pre_option_default_pingback_flag', fn () => '0');

// Authors, in the languages the site is written in.
$people = [
    'en' => ['Maren Holt', 'Tomás Reyes', 'Priya Natarajan', 'Owen Tregear'], 'pt' => ['Inês Carvalho'],
    'fr' => ['Camille Roux', 'Hélène Duval'], 'ja' => ['佐藤 花子', '山本 健'], 'ru' => ['Анна Смирнова'],
    'ar' => ['ليلى حداد'], 'el' => ['Νίκος Παππάς'], 'zh' => ['王 芳'],
];
$authors = [];
// wp_install()'s "Hello world!" post and "Sample Page" are written in English whatever the site's locale.
$languages = [1 => 'en', 2 => 'en', 3 => 'en'];
foreach (array_keys($site['languages']) as $lang) {
    foreach ($people[$lang] as $i => $display) {
        $login = $lang . '-author-' . ($i + 1);
        $id = wp_insert_user(['user_login' => $login, 'user_pass' => 'corpus-password-not-secret', 'user_email' => "$login@" . parse_url($site['home'], PHP_URL_HOST), 'display_name' => $display, 'nickname' => $display, 'role' => 'author']);
        $authors[$lang][] = check($id);
    }
}

// Categories (parents first, as sites.php lists them) and tags.
$categories = [];
$categoryLang = [];
foreach ($site['categories'] as $key => [$catName, $parent]) {
    $args = ['parent' => $parent ? $categories[$parent] : 0, 'description' => $rng->chance(0.4) ? sentence($words, langOf($site['categories'][$key][2] ?? 'en', $words), $rng) : ''];
    if (preg_match('/^[a-z0-9-]+$/', (string) $key)) $args['slug'] = $key;
    $term = check(wp_insert_term($catName, 'category', $args));
    $categories[$key] = $term['term_id'];
    if (isset($site['categories'][$key][2])) $categoryLang[$site['categories'][$key][2]] = $term['term_id'];
}
$plainCategories = array_values(array_filter($categories, fn ($id) => !in_array($id, $categoryLang, true)));

// Images: real files in uploads/<year>/<month>/, attachments with the sizes WordPress generates from them.
$images = [];
$span = [strtotime($site['years'][0] . '-01-15 10:00:00'), strtotime($site['years'][1] . '-10-15 10:00:00')];
$shapes = [[1600, 1067, 'jpg'], [1200, 900, 'jpg'], [900, 1350, 'jpg'], [2600, 1733, 'jpg'], [1024, 1024, 'png'], [640, 480, 'gif'], [1920, 1080, 'jpg']];
$imageWords = ['harbour', 'dawn', 'pier', 'kiln', 'bowl', 'glaze', 'station', 'market', 'coals', 'damper', 'lantern', 'window', 'tea', 'shelf', 'rain', 'ferry'];
for ($i = 0; $i < $site['images']; $i++) {
    $when = $span[0] + (int) (($span[1] - $span[0]) * $i / max(1, $site['images']));
    [$w, $h, $ext] = $shapes[$i % count($shapes)];
    $slug = $rng->pick($imageWords) . '-' . $rng->pick($imageWords) . '-' . ($i + 1);
    // Files copied in by FTP and added to the library by a plugin keep their names: spaces, accents, other scripts.
    if (!empty($site['odd_filenames']) && $i % 4 === 1) $slug = ['Café terrace ', '港の朝 ', 'Photo (final) ', 'Ünïcode & space '][intdiv($i, 4) % 4] . ($i + 1);
    $dir = wp_upload_dir(gmdate('Y/m', $when));
    $file = $dir['path'] . "/$slug.$ext";
    drawImage($file, $w, $h, $rng, strtoupper($slug));
    $caption = $rng->chance(0.5) ? sentence($words, 'en', $rng) : '';
    $id = check(wp_insert_attachment([
        'post_mime_type' => ['jpg' => 'image/jpeg', 'png' => 'image/png', 'gif' => 'image/gif'][$ext],
        'post_title' => ucwords(str_replace('-', ' ', preg_replace('/-\d+$/', '', $slug))), 'post_excerpt' => $caption, 'post_content' => '',
        'post_status' => 'inherit', 'post_date' => wp_date('Y-m-d H:i:s', $when), 'guid' => $dir['url'] . "/$slug.$ext", 'post_author' => 1,
    ], $file, 0, true));
    if ($rng->chance(0.8)) update_post_meta($id, '_wp_attachment_image_alt', 'Photo: ' . str_replace('-', ' ', $slug));
    wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $file));
    $images[] = ['id' => $id, 'when' => $when, 'caption' => $caption];
}

// One sound file (a real WAV: a bell, two seconds), for the [audio] shortcode.
$dir = wp_upload_dir(gmdate('Y/m', $span[0] + 86400 * 150));
$wav = $dir['path'] . '/harbour-bells.wav';
writeWav($wav);
$audio = check(wp_insert_attachment(['post_mime_type' => 'audio/wav', 'post_title' => 'Harbour bells', 'post_status' => 'inherit', 'post_content' => '',
    'post_date' => wp_date('Y-m-d H:i:s', $span[0] + 86400 * 150), 'guid' => $dir['url'] . '/harbour-bells.wav', 'post_author' => 1], $wav, 0, true));
wp_update_attachment_metadata($audio, wp_generate_attachment_metadata($audio, $wav));
$audioUrl = wp_get_attachment_url($audio);

// Reusable blocks (wp_block), which posts then reference by id.
$reusable = [];
if ($rng->chance(0.99)) {
    $reusable[] = check(wp_insert_post(['post_type' => 'wp_block', 'post_status' => 'publish', 'post_title' => 'Newsletter signup',
        'post_content' => "<!-- wp:paragraph {\"className\":\"newsletter\"} -->\n<p class=\"newsletter\">Get new posts by email: <a href=\"" . home_url('/newsletter/') . "\">sign up here</a>.</p>\n<!-- /wp:paragraph -->"], true));
    $reusable[] = check(wp_insert_post(['post_type' => 'wp_block', 'post_status' => 'publish', 'post_title' => 'Small print',
        'post_content' => "<!-- wp:separator -->\n<hr class=\"wp-block-separator has-alpha-channel-opacity\"/>\n<!-- /wp:separator -->\n\n<!-- wp:paragraph {\"fontSize\":\"small\"} -->\n<p class=\"has-small-font-size\">Everything here is written and photographed by us unless it says otherwise.</p>\n<!-- /wp:paragraph -->"], true));
}

// Pages, parents first.
$pages = [];
foreach ($site['pages'] as $key => $spec) {
    [$title, $parent] = $spec;
    $kind = $spec[2] ?? 'text';
    $lang = preg_match('/[\x{3040}-\x{30ff}\x{4e00}-\x{9fff}]/u', $title) ? 'ja' : (preg_match('/\p{Cyrillic}/u', $title) ? 'ru' : (isset($site['languages']['fr']) ? 'fr' : 'en'));
    $content = match ($kind) {
        'empty' => '',
        'contact' => paragraphs($words, $lang, $rng, 1) . "\n\n[contact-form-7 id=\"" . (40 + count($pages)) . "\" title=\"Contact form 1\"]",
        'archive' => paragraphs($words, $lang, $rng, 1) . "\n\n<!-- wp:archives {\"displayAsDropdown\":false,\"showPostCounts\":true} /-->",
        'woocommerce_cart' => '[woocommerce_cart]',
        'woocommerce_checkout' => '[woocommerce_checkout]',
        'home' => homePage($site, $words, $lang, $rng),
        default => paragraphs($words, $lang, $rng, 2 + $rng->int(0, 3)),
    };
    $args = [
        'post_type' => 'page', 'post_title' => $title, 'post_content' => $content, 'post_author' => 1,
        'post_status' => match ($kind) { 'draft' => 'draft', 'pending' => 'pending', 'private' => 'private', default => 'publish' },
        'post_password' => $kind === 'password' ? 'harbour' : '', 'post_parent' => $parent ? $pages[$parent] : 0, 'menu_order' => count($pages),
        'post_date' => wp_date('Y-m-d H:i:s', $span[0] + 86400 * count($pages)), 'comment_status' => 'closed',
    ];
    if ($kind !== 'untitled-slug') $args['post_name'] = $key;
    $pages[$key] = check(wp_insert_post($args, true));
    // A page template chosen in the editor (kept as meta; a theme's file, nothing the content shows).
    if (isset($spec[3])) update_post_meta($pages[$key], '_wp_page_template', $spec[3]);
    $languages[$pages[$key]] = $lang;
}
// A posts page chosen once and left set after the front page went back to the latest posts: WordPress ignores it.
if (!empty($site['stale_posts_page'])) update_option('page_for_posts', $pages[$site['stale_posts_page']]);
if ($site['front'] !== 'posts') {
    update_option('show_on_front', 'page');
    update_option('page_on_front', $pages[$site['front']]);
    update_option('page_for_posts', $site['posts_page'] ? $pages[$site['posts_page']] : 0);
}

// Posts, oldest first, so ids grow with dates as on a site written over years.
$langs = [];
foreach ($site['languages'] as $lang => $weight) for ($i = 0; $i < $weight; $i++) $langs[] = $lang;
$dates = [];
for ($i = 0; $i < $site['posts']; $i++) $dates[] = $rng->int($span[0], $span[1]);
sort($dates);
$posts = [];
$statuses = ['draft' => 0.03, 'pending' => 0.015, 'private' => 0.02, 'password' => 0.015, 'trash' => 0.01];
foreach ($dates as $i => $when) {
    $lang = $rng->pick($langs);
    $status = 'publish';
    $roll = $rng->float();
    foreach ($statuses as $s => $p) { if ($roll < $p) { $status = $s; break; } $roll -= $p; }
    // The last few posts are scheduled after the build.
    if ($i >= $site['posts'] - 3) { $status = 'future'; $when = $now + 86400 * (20 + 40 * ($site['posts'] - $i)); }
    $title = title($words, $lang, $rng, $i);
    $blocks = $rng->chance(0.55);
    $imageChoices = array_values(array_filter($images, fn ($im) => $im['when'] <= $when)) ?: $images;
    $body = $blocks ? blockBody($words, $lang, $rng, $imageChoices, $reusable, $site) : classicBody($words, $lang, $rng, $imageChoices, $site);
    $cats = isset($categoryLang[$lang]) ? [$categoryLang[$lang]] : [];
    if ($plainCategories && ($cats === [] || $rng->chance(0.3))) $cats[] = $rng->pick($plainCategories);
    if ($rng->chance(0.25) && count($plainCategories) > 1) $cats[] = $rng->pick($plainCategories);
    $tags = [];
    for ($t = $rng->int(0, 4); $t > 0; $t--) $tags[] = $rng->pick($site['tags']);
    $id = check(wp_insert_post([
        'post_type' => 'post', 'post_title' => $title, 'post_content' => $body,
        'post_excerpt' => $rng->chance(0.15) ? sentence($words, $lang, $rng) : '',
        'post_status' => $status === 'password' || $status === 'trash' ? 'publish' : $status,
        'post_password' => $status === 'password' ? 'tide' : '',
        'post_date' => wp_date('Y-m-d H:i:s', $when), 'post_author' => $rng->pick($authors[$lang] ?? $authors['en'] ?? reset($authors)),
        'post_category' => array_values(array_unique($cats)), 'tags_input' => array_values(array_unique($tags)),
        'comment_status' => $rng->chance(0.8) ? 'open' : 'closed',
    ], true));
    if ($status === 'trash') wp_trash_post($id);
    if (!empty($site['series']) && $rng->chance(0.25)) wp_set_object_terms($id, [$rng->pick($site['series'])], 'series');
    if ($rng->chance(0.5)) set_post_thumbnail($id, $rng->pick($imageChoices)['id']);
    $posts[] = ['id' => $id, 'lang' => $lang, 'status' => $status, 'blocks' => $blocks];
    $languages[$id] = $lang;
}
$live = array_values(array_filter($posts, fn ($p) => $p['status'] === 'publish'));
for ($i = 0; $i < $site['sticky']; $i++) stick_post($rng->pick($live)['id']);

// Images uploaded while writing a post are attached to it (their attachment page then hangs off the post's URL).
foreach ($images as $k => $im) if ($k % 3 === 0 && $live) wp_update_post(['ID' => $im['id'], 'post_parent' => $rng->pick($live)['id']]);

// Links between posts, written as authors write them: the permalink copied from the browser, now and then a page,
// a category, a shortlink (?p=) or an old image address that no longer exists.
foreach ($live as $p) {
    if (!$rng->chance(0.4)) continue;
    $links = [];
    for ($n = $rng->int(1, 3); $n > 0; $n--) {
        $target = $rng->pick($live);
        // On a site that moved to HTTPS, older links keep the http:// they were written with.
        $href = get_permalink($target['id']);
        if (!empty($site['http_links']) && $rng->chance(0.3)) $href = preg_replace('/^https?:/', (is_string($site['http_links']) ? $site['http_links'] : 'http') . ':', $href);
        if ($target['id'] !== $p['id']) $links[] = '<a href="' . esc_url($href) . '">' . esc_html(get_the_title($target['id'])) . '</a>';
    }
    if ($rng->chance(0.15)) $links[] = '<a href="' . esc_url(get_permalink($rng->pick(array_values($pages)))) . '">' . esc_html(get_the_title($rng->pick(array_values($pages)))) . '</a>';
    if ($rng->chance(0.1) && $categories) { $c = $rng->pick(array_values($categories)); $links[] = '<a href="' . esc_url(get_category_link($c)) . '">' . esc_html(get_cat_name($c)) . '</a>'; }
    if ($rng->chance(0.05)) { $t = $rng->pick($live); $links[] = '<a href="' . esc_url(home_url('/?p=' . $t['id'])) . '">' . esc_html(get_the_title($t['id'])) . '</a>'; }
    if ($links === []) continue;
    $see = ['en' => 'See also', 'pt' => 'Ver também', 'fr' => 'Voir aussi', 'ja' => '関連記事', 'ru' => 'См. также', 'ar' => 'انظر أيضاً', 'el' => 'Δείτε επίσης', 'zh' => '另见'][$p['lang']];
    $para = "$see: " . implode(', ', $links) . '.';
    $post = get_post($p['id']);
    $content = $post->post_content . ($p['blocks'] ? "\n\n<!-- wp:paragraph -->\n<p>$para</p>\n<!-- /wp:paragraph -->" : "\n\n$para");
    wp_update_post(['ID' => $p['id'], 'post_content' => $content]);
}
if ($live && $images) {
    $p = $live[intdiv(count($live), 2)];
    $lost = home_url('/wp-content/uploads/' . $site['years'][0] . '/02/lost-photo.jpg');
    wp_update_post(['ID' => $p['id'], 'post_content' => get_post($p['id'])->post_content . "\n\n<img src=\"$lost\" alt=\"An old photo whose file was deleted\" width=\"800\" height=\"600\" />"]);
}

// Comments: mostly approved, some held or spam, a quarter of them replies.
$commentable = array_values(array_filter($live, fn ($p) => get_post($p['id'])->comment_status === 'open'));
$byPost = [];
for ($i = 0; $i < $site['comments'] && $commentable; $i++) {
    $p = $rng->pick($commentable);
    $postTime = strtotime(get_post($p['id'])->post_date_gmt . ' UTC');
    $parent = !empty($byPost[$p['id']]) && $rng->chance(0.25) ? $rng->pick($byPost[$p['id']]) : 0;
    $roll = $rng->float();
    $who = $rng->pick(['Ana', 'Bruno', 'Chloé', 'Dmitri', 'Eun-ji', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas']);
    $bank = $words[$p['lang']]['comments'] ?? $words['en']['comments'];
    $cid = wp_insert_comment([
        'comment_post_ID' => $p['id'], 'comment_author' => $who, 'comment_author_email' => strtolower($who) . '@mail.example',
        'comment_author_url' => $rng->chance(0.3) ? 'https://' . strtolower($who) . '.example' : '', 'comment_content' => $rng->pick($bank),
        'comment_date' => wp_date('Y-m-d H:i:s', min($now - 3600, $postTime + $rng->int(3600, 86400 * 60))), 'comment_parent' => $parent,
        'comment_approved' => $roll < 0.85 ? 1 : ($roll < 0.95 ? 0 : 'spam'), 'comment_type' => 'comment',
    ]);
    if ($cid) $byPost[$p['id']][] = $cid;
}

// Custom types a plugin adds: a shop, a portfolio, events.
$products = [];
if (!empty($site['types']['products'])) {
    foreach (['mugs' => 'Mugs', 'bowls' => 'Bowls', 'plates' => 'Plates', 'vases' => 'Vases'] as $slug => $label) $productCats[$slug] = check(wp_insert_term($label, 'product_cat', ['slug' => $slug]))['term_id'];
    $variable = 0;
    for ($i = 0; $i < $site['types']['products']; $i++) {
        $cat = array_keys($productCats)[$i % 4];
        $title = ucfirst($rng->pick(['ash', 'tide', 'moss', 'slate', 'cream', 'iron', 'celadon', 'rust'])) . ' ' . rtrim($cat, 's') . ' ' . ($i + 1);
        $price = (string) (18 + 4 * $rng->int(0, 20));
        $isVariable = $variable < 3 && $i % 5 === 1;
        $id = check(wp_insert_post([
            'post_type' => 'product', 'post_status' => $i === 17 ? 'draft' : 'publish', 'post_title' => $title, 'post_author' => 1,
            'post_content' => paragraphs($words, 'en', $rng, 2), 'post_excerpt' => sentence($words, 'en', $rng),
            'post_date' => wp_date('Y-m-d H:i:s', $span[1] - 86400 * (40 - $i)), 'comment_status' => 'open',
            'meta_input' => ['_sku' => 'HP-' . (100 + $i), '_regular_price' => $price, '_price' => $price, '_stock_status' => 'instock', '_visibility' => 'visible',
                '_product_attributes' => $isVariable ? ['pa_color' => ['name' => 'pa_color', 'value' => '', 'position' => 0, 'is_visible' => 1, 'is_variation' => 1, 'is_taxonomy' => 1]] : []],
        ], true));
        wp_set_object_terms($id, [$productCats[$cat]], 'product_cat');
        wp_set_object_terms($id, $isVariable ? 'variable' : 'simple', 'product_type');
        set_post_thumbnail($id, $rng->pick($images)['id']);
        if ($isVariable) {
            $variable++;
            $colours = ['Tide blue', 'Moss green', 'Ash white'];
            wp_set_object_terms($id, $colours, 'pa_color');
            foreach (array_slice($colours, 0, $variable === 1 ? 3 : 2) as $k => $colour) {
                check(wp_insert_post(['post_type' => 'product_variation', 'post_status' => 'publish', 'post_parent' => $id, 'post_title' => "$title - $colour",
                    'post_name' => sanitize_title("$title $colour"), 'menu_order' => $k, 'post_author' => 1,
                    'meta_input' => ['attribute_pa_color' => sanitize_title($colour), '_price' => (string) ($price + 4 * $k), '_regular_price' => (string) ($price + 4 * $k), '_sku' => 'HP-' . (100 + $i) . '-' . ($k + 1)]], true));
            }
        }
        $products[] = $id;
    }
}
if (!empty($site['types']['portfolio'])) {
    $type = check(wp_insert_term('Commissions', 'jetpack-portfolio-type'))['term_id'];
    for ($i = 0; $i < $site['types']['portfolio']; $i++) {
        $id = check(wp_insert_post(['post_type' => 'jetpack-portfolio', 'post_status' => 'publish', 'post_title' => 'Commission: ' . $rng->pick(['dinner set', 'wedding cups', 'café tableware', 'memorial urn', 'garden lanterns']) . ' ' . ($i + 1),
            'post_content' => paragraphs($words, 'en', $rng, 2) . "\n\n[gallery ids=\"" . implode(',', array_map(fn ($im) => $im['id'], array_slice($images, $i, 3))) . "\" columns=\"3\"]", 'post_author' => 1,
            'post_date' => wp_date('Y-m-d H:i:s', $span[0] + 86400 * 90 * ($i + 1))], true));
        wp_set_object_terms($id, [$type], 'jetpack-portfolio-type');
    }
}
for ($i = 0; $i < ($site['types']['events'] ?? 0); $i++) {
    check(wp_insert_post(['post_type' => 'tribe_events', 'post_status' => 'publish', 'post_title' => 'Open studio day ' . ($i + 1), 'post_content' => paragraphs($words, 'en', $rng, 1), 'post_author' => 1], true));
}

// Menus, and the theme locations they are shown in.
$locations = [];
foreach ($site['menus'] as $menu) {
    $menuId = check(wp_create_nav_menu($menu['name']));
    addMenuItems($menuId, $menu['items'], 0, $pages, $categories, $products);
    if ($menu['location']) $locations[$menu['location']] = $menuId;
}
set_theme_mod('nav_menu_locations', $locations);
if (!empty($site['navigation'])) addNavigations($site, $pages, $categories, $live);
flush_rewrite_rules(false);
// The language each post and page was written in, for the oracle (a site without a translation plugin records none).
file_put_contents(getenv('PD_WP_CONTENT') . '/../languages.json', json_encode($languages));
echo "content: " . count($posts) . " posts, " . count($pages) . " pages, " . count($images) . " images, " . count($products) . " products\n";

// ---------------------------------------------------------------------------------------------------------------

/** A small deterministic generator (xorshift32): PHP's mt_rand is shared with WordPress and would drift. */
final class Rng {
    private int $s;
    public function __construct(int $seed) { $this->s = ($seed * 2654435761) & 0xffffffff ?: 1; }
    public function next(): int { $s = $this->s; $s ^= ($s << 13) & 0xffffffff; $s ^= $s >> 17; $s ^= ($s << 5) & 0xffffffff; return $this->s = $s & 0xffffffff; }
    public function float(): float { return $this->next() / 4294967296; }
    public function int(int $lo, int $hi): int { return $lo + (int) floor($this->float() * ($hi - $lo + 1)); }
    public function chance(float $p): bool { return $this->float() < $p; }
    public function pick(array $xs) { return $xs[array_keys($xs)[$this->int(0, count($xs) - 1)]]; }
}

function check($value) {
    if (is_wp_error($value)) { fwrite(STDERR, 'WordPress said: ' . $value->get_error_message() . "\n"); exit(1); }
    return $value;
}

function langOf(string $lang, array $words): string { return isset($words[$lang]) ? $lang : 'en'; }

function sentence(array $words, string $lang, Rng $rng): string { return $rng->pick($words[$lang]['sentences']); }

function paragraphs(array $words, string $lang, Rng $rng, int $n): string {
    $out = [];
    for ($i = 0; $i < $n; $i++) {
        $s = [];
        for ($k = $rng->int(2, 4); $k > 0; $k--) $s[] = sentence($words, $lang, $rng);
        $out[] = implode(in_array($lang, ['ja', 'zh'], true) ? '' : ' ', $s);
    }
    return implode("\n\n", $out);
}

function title(array $words, string $lang, Rng $rng, int $i): string {
    $w = $words[$lang];
    $t = $rng->pick($w['title_a']) . (in_array($lang, ['ja', 'zh'], true) ? '' : ' ') . $rng->pick($w['title_b']);
    // Some titles as people write them: a number, an ampersand, quotes, an emoji.
    return match ($i % 23) { 3 => "$t, part " . (1 + $i % 4), 7 => "$t & more", 11 => "“{$t}”", 19 => "$t 🌊", default => $t };
}

function imageTag(array $im, string $size, string $align = 'none'): array {
    [$src, $w, $h] = wp_get_attachment_image_src($im['id'], $size);
    $alt = esc_attr(get_post_meta($im['id'], '_wp_attachment_image_alt', true));
    return [$src, $w, $h, "<img class=\"wp-image-{$im['id']} size-$size align$align\" src=\"$src\" alt=\"$alt\" width=\"$w\" height=\"$h\" />"];
}

/** A post as the classic editor stores it: paragraphs separated by blank lines, shortcodes, bare embed URLs. */
function classicBody(array $words, string $lang, Rng $rng, array $images, array $site): string {
    $parts = [paragraphs($words, $lang, $rng, $rng->int(1, 2))];
    if ($rng->chance(0.3)) $parts[] = !empty($site['more_blocks']) ? '<!--more Keep reading &rarr;-->' : '<!--more-->';
    if ($rng->chance(0.45)) {
        $im = $rng->pick($images);
        [$src, $w, , $tag] = imageTag($im, $rng->pick(['medium', 'large', 'full']), $rng->pick(['center', 'left', 'right', 'none']));
        $cap = $im['caption'] !== '' ? $im['caption'] : sentence($words, $lang, $rng);
        $parts[] = $rng->chance(0.7) ? "[caption id=\"attachment_{$im['id']}\" align=\"aligncenter\" width=\"$w\"]{$tag} $cap" . '[/caption]' : "<a href=\"" . wp_get_attachment_url($im['id']) . "\">$tag</a>";
    }
    $parts[] = paragraphs($words, $lang, $rng, $rng->int(1, 3));
    if ($rng->chance(0.15) && count($images) >= 3) {
        $ids = array_map(fn ($im) => $im['id'], array_slice($images, $rng->int(0, count($images) - 3), $rng->int(3, min(6, count($images)))));
        $parts[] = '[gallery ' . ($rng->chance(0.5) ? 'columns="3" ' : '') . 'link="file" ids="' . implode(',', array_unique($ids)) . '"]';
    }
    $roll = $rng->float();
    if ($roll < 0.06) $parts[] = 'https://www.youtube.com/watch?v=' . $rng->pick(['M7lc1UVf-VE', 'aqz-KE-bpKQ', 'ScMzIvxBSi4']);
    elseif ($roll < 0.10) $parts[] = '[embed]https://vimeo.com/' . $rng->int(10000000, 99999999) . '[/embed]';
    elseif ($roll < 0.13) $parts[] = '[audio wav="' . $GLOBALS['audioUrl'] . '"][/audio]';
    elseif ($roll < 0.16) $parts[] = '[latex]h(t) = A \cos(\omega t + \phi)[/latex] gives the height of the tide, and [latex]T = 12.42[/latex] hours is its period.';
    elseif ($roll < 0.19) $parts[] = "[su_note note_color=\"#f4f1e8\"]" . sentence($words, $lang, $rng) . '[/su_note]';
    elseif ($roll < 0.21) $parts[] = 'A note[footnote]' . sentence($words, $lang, $rng) . '[/footnote] in passing.';
    if (!empty($site['nextpage']) && $rng->chance(0.15)) $parts[] = "<!--nextpage-->\n\n" . paragraphs($words, $lang, $rng, 1);
    if (!empty($site['more_blocks']) && $rng->chance(0.2)) {
        $im = $rng->pick($images);
        [$src, $w, , $tag] = imageTag($im, 'medium', 'right');
        // A caption whose image links to its attachment page, and a [video] and [playlist] of the library's files.
        $parts[] = "[caption id=\"attachment_{$im['id']}\" align=\"alignright\" width=\"$w\"]<a href=\"" . get_attachment_link($im['id']) . "\">$tag</a> " . esc_html(sentence($words, $lang, $rng)) . '[/caption]';
        $parts[] = $rng->chance(0.5) ? '[playlist ids="' . $GLOBALS['audio'] . '"]' : '[gallery size="thumbnail" ids="' . $im['id'] . '"]';
    }
    return implode("\n\n", $parts);
}

/** A post as the block editor stores it: serialized blocks. */
function blockBody(array $words, string $lang, Rng $rng, array $images, array $reusable, array $site): string {
    $b = [];
    $para = fn ($text) => "<!-- wp:paragraph -->\n<p>" . esc_html($text) . "</p>\n<!-- /wp:paragraph -->";
    foreach (explode("\n\n", paragraphs($words, $lang, $rng, $rng->int(1, 2))) as $p) $b[] = $para($p);
    if ($rng->chance(0.25)) $b[] = "<!-- wp:more -->\n<!--more-->\n<!-- /wp:more -->";
    if ($rng->chance(0.35)) $b[] = "<!-- wp:heading -->\n<h2>" . esc_html(sentence($words, $lang, $rng)) . "</h2>\n<!-- /wp:heading -->";
    if ($rng->chance(0.5)) {
        $im = $rng->pick($images);
        [$src, , , ] = imageTag($im, 'large');
        $alt = esc_attr(get_post_meta($im['id'], '_wp_attachment_image_alt', true));
        $cap = $im['caption'] !== '' ? '<figcaption class="wp-element-caption">' . esc_html($im['caption']) . '</figcaption>' : '';
        $b[] = "<!-- wp:image {\"id\":{$im['id']},\"sizeSlug\":\"large\",\"linkDestination\":\"none\"} -->\n<figure class=\"wp-block-image size-large\"><img src=\"$src\" alt=\"$alt\" class=\"wp-image-{$im['id']}\"/>$cap</figure>\n<!-- /wp:image -->";
    }
    foreach (explode("\n\n", paragraphs($words, $lang, $rng, $rng->int(1, 2))) as $p) $b[] = $para($p);
    if ($rng->chance(0.12) && count($images) >= 3) {
        $inner = [];
        foreach (array_slice($images, $rng->int(0, count($images) - 3), 3) as $im) {
            [$src] = imageTag($im, 'large');
            $inner[] = "<!-- wp:image {\"id\":{$im['id']},\"sizeSlug\":\"large\",\"linkDestination\":\"none\"} -->\n<figure class=\"wp-block-image size-large\"><img src=\"$src\" alt=\"\" class=\"wp-image-{$im['id']}\"/></figure>\n<!-- /wp:image -->";
        }
        $b[] = "<!-- wp:gallery {\"linkTo\":\"none\"} -->\n<figure class=\"wp-block-gallery has-nested-images columns-default is-cropped\">" . implode("\n\n", $inner) . "</figure>\n<!-- /wp:gallery -->";
    }
    if ($rng->chance(0.2)) {
        $items = '';
        for ($k = $rng->int(2, 4); $k > 0; $k--) $items .= '<li>' . esc_html(sentence($words, $lang, $rng)) . '</li>';
        $b[] = "<!-- wp:list -->\n<ul>$items</ul>\n<!-- /wp:list -->";
    }
    $roll = $rng->float();
    if ($roll < 0.07) {
        $v = $rng->pick(['M7lc1UVf-VE', 'aqz-KE-bpKQ']);
        $b[] = "<!-- wp:embed {\"url\":\"https://www.youtube.com/watch?v=$v\",\"type\":\"video\",\"providerNameSlug\":\"youtube\",\"responsive\":true,\"className\":\"wp-embed-aspect-16-9 wp-has-aspect-ratio\"} -->\n<figure class=\"wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio\"><div class=\"wp-block-embed__wrapper\">\nhttps://www.youtube.com/watch?v=$v\n</div></figure>\n<!-- /wp:embed -->";
    } elseif ($roll < 0.11) {
        $b[] = "<!-- wp:quote -->\n<blockquote class=\"wp-block-quote\"><!-- wp:paragraph -->\n<p>" . esc_html(sentence($words, $lang, $rng)) . "</p>\n<!-- /wp:paragraph --><cite>" . esc_html($rng->pick(['A neighbour', 'The harbour master', 'My notebook'])) . "</cite></blockquote>\n<!-- /wp:quote -->";
    } elseif ($roll < 0.14) {
        $b[] = "<!-- wp:shortcode -->\n[latex]\\sum_{n=1}^{\\infty} \\frac{1}{n^2} = \\frac{\\pi^2}{6}[/latex]\n<!-- /wp:shortcode -->";
    }
    if ($reusable && $rng->chance(0.12)) $b[] = '<!-- wp:block {"ref":' . $rng->pick($reusable) . '} /-->';
    if (!empty($site['more_blocks'])) $b = array_merge($b, moreBlocks($words, $lang, $rng, $images));
    if (!empty($site['nextpage']) && $rng->chance(0.15)) array_splice($b, intdiv(count($b), 2), 0, ["<!-- wp:nextpage -->\n<!--nextpage-->\n<!-- /wp:nextpage -->"]);
    return implode("\n\n", $b);
}

/** Blocks of the editor's later years, two or three a post: galleries with captions, cover, media and text, audio and
 * file blocks, tables, buttons, custom HTML, a code block (whose brackets the editor escapes), a tweet embed, and
 * dynamic blocks that save nothing but their comment (the server renders them). */
function moreBlocks(array $words, string $lang, Rng $rng, array $images): array {
    $out = [];
    $para = fn ($text, $attrs = '') => "<!-- wp:paragraph$attrs -->\n<p>" . esc_html($text) . "</p>\n<!-- /wp:paragraph -->";
    $audioUrl = $GLOBALS['audioUrl'];
    $audioId = $GLOBALS['audio'];
    for ($n = $rng->int(2, 3); $n > 0; $n--) {
        $im = $rng->pick($images);
        [$src] = wp_get_attachment_image_src($im['id'], 'large');
        $full = wp_get_attachment_url($im['id']);
        $out[] = match ($rng->int(0, 11)) {
            0 => (function () use ($images, $rng, $words, $lang) {
                $inner = [];
                foreach (array_slice($images, $rng->int(0, max(0, count($images) - 3)), 3) as $g) {
                    [$gs] = wp_get_attachment_image_src($g['id'], 'large');
                    $cap = $g['caption'] !== '' ? '<figcaption class="wp-element-caption">' . esc_html($g['caption']) . '</figcaption>' : '';
                    $inner[] = "<!-- wp:image {\"id\":{$g['id']},\"sizeSlug\":\"large\",\"linkDestination\":\"media\"} -->\n<figure class=\"wp-block-image size-large\"><a href=\"" . wp_get_attachment_url($g['id']) . "\"><img src=\"$gs\" alt=\"\" class=\"wp-image-{$g['id']}\"/></a>$cap</figure>\n<!-- /wp:image -->";
                }
                return "<!-- wp:gallery {\"linkTo\":\"media\"} -->\n<figure class=\"wp-block-gallery has-nested-images columns-default is-cropped\">" . implode("\n\n", $inner) . "<figcaption class=\"blocks-gallery-caption wp-element-caption\">" . esc_html(sentence($words, $lang, $rng)) . "</figcaption></figure>\n<!-- /wp:gallery -->";
            })(),
            1 => "<!-- wp:cover {\"url\":\"$src\",\"id\":{$im['id']},\"dimRatio\":50} -->\n<div class=\"wp-block-cover\"><span aria-hidden=\"true\" class=\"wp-block-cover__background has-background-dim\"></span><img class=\"wp-block-cover__image-background wp-image-{$im['id']}\" alt=\"\" src=\"$src\" data-object-fit=\"cover\"/><div class=\"wp-block-cover__inner-container\">" . $para(sentence($words, $lang, $rng), ' {"align":"center"}') . "</div></div>\n<!-- /wp:cover -->",
            2 => "<!-- wp:media-text {\"mediaId\":{$im['id']},\"mediaLink\":\"" . get_attachment_link($im['id']) . "\",\"mediaType\":\"image\"} -->\n<div class=\"wp-block-media-text alignwide is-stacked-on-mobile\"><figure class=\"wp-block-media-text__media\"><img src=\"$full\" alt=\"\" class=\"wp-image-{$im['id']} size-full\"/></figure><div class=\"wp-block-media-text__content\">" . $para(sentence($words, $lang, $rng)) . "</div></div>\n<!-- /wp:media-text -->",
            3 => "<!-- wp:audio {\"id\":$audioId} -->\n<figure class=\"wp-block-audio\"><audio controls src=\"$audioUrl\"></audio><figcaption class=\"wp-element-caption\">Harbour bells</figcaption></figure>\n<!-- /wp:audio -->",
            4 => "<!-- wp:file {\"id\":$audioId,\"href\":\"$audioUrl\"} -->\n<div class=\"wp-block-file\"><a id=\"wp-block-file--media-$audioId\" href=\"$audioUrl\">Harbour bells</a><a href=\"$audioUrl\" class=\"wp-block-file__button wp-element-button\" download aria-describedby=\"wp-block-file--media-$audioId\">Download</a></div>\n<!-- /wp:file -->",
            5 => "<!-- wp:table -->\n<figure class=\"wp-block-table\"><table><tbody><tr><td>Cone 6</td><td>1222 °C</td></tr><tr><td>Cone 10</td><td>1285 °C</td></tr></tbody></table><figcaption class=\"wp-element-caption\">Firing temperatures</figcaption></figure>\n<!-- /wp:table -->",
            6 => "<!-- wp:buttons -->\n<div class=\"wp-block-buttons\"><!-- wp:button -->\n<div class=\"wp-block-button\"><a class=\"wp-block-button__link wp-element-button\" href=\"" . home_url('/contact/') . "\">Write to us</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->",
            7 => "<!-- wp:html -->\n<div class=\"studio-note\"><p>Opening hours: <strong>Thu–Sat</strong>, 10–17.</p></div>\n<!-- /wp:html -->",
            8 => "<!-- wp:code -->\n<pre class=\"wp-block-code\"><code>&#91;gallery ids=\"1,2,3\" columns=\"2\"]</code></pre>\n<!-- /wp:code -->",
            9 => "<!-- wp:embed {\"url\":\"https://twitter.com/WordPress/status/1570500000000000000\",\"type\":\"rich\",\"providerNameSlug\":\"twitter\",\"responsive\":true} -->\n<figure class=\"wp-block-embed is-type-rich is-provider-twitter wp-block-embed-twitter\"><div class=\"wp-block-embed__wrapper\">\nhttps://twitter.com/WordPress/status/1570500000000000000\n</div></figure>\n<!-- /wp:embed -->",
            10 => $rng->pick(['<!-- wp:latest-comments {"displayAvatar":false} /-->', '<!-- wp:categories {"showPostCounts":true} /-->', '<!-- wp:search {"label":"Search","buttonText":"Search"} /-->', '<!-- wp:tag-cloud /-->', '<!-- wp:calendar /-->', '<!-- wp:rss {"feedURL":"https://wordpress.org/news/feed/"} /-->']),
            default => "<!-- wp:image {\"id\":{$im['id']},\"sizeSlug\":\"large\",\"linkDestination\":\"attachment\"} -->\n<figure class=\"wp-block-image size-large\"><a href=\"" . get_attachment_link($im['id']) . "\"><img src=\"$src\" alt=\"\" class=\"wp-image-{$im['id']}\"/></a></figure>\n<!-- /wp:image -->",
        };
    }
    if ($rng->chance(0.1)) $out[] = "<!-- wp:social-links -->\n<ul class=\"wp-block-social-links\"><!-- wp:social-link {\"url\":\"https://mastodon.example/@studio\",\"service\":\"mastodon\"} /--></ul>\n<!-- /wp:social-links -->";
    return $out;
}

/**
 * Block navigation, as a block theme keeps it: `wp_navigation` posts of navigation-link, navigation-submenu, home-link
 * and page-list blocks, the first referenced by the theme's header template part (a `wp_template_part`, as the site
 * editor saves it when the owner edits the header).
 */
function addNavigations(array $site, array $pages, array $categories, array $live): void {
    $theme = $site['navigation']['theme'];
    update_option('template', $theme);
    update_option('stylesheet', $theme);
    $refs = [];
    foreach ($site['navigation']['menus'] as $nav) {
        $refs[] = $id = check(wp_insert_post(['post_type' => 'wp_navigation', 'post_status' => 'publish', 'post_title' => $nav['name'], 'post_author' => 1,
            'post_content' => implode("\n", array_map(fn ($item) => navigationBlock($item, $pages, $categories, $live), $nav['items']))], true));
        if ($nav['area'] ?? null) {
            $part = check(wp_insert_post(['post_type' => 'wp_template_part', 'post_status' => 'publish', 'post_name' => $nav['area'], 'post_title' => ucfirst($nav['area']), 'post_author' => 1,
                'post_content' => "<!-- wp:group {\"layout\":{\"type\":\"flex\",\"justifyContent\":\"space-between\"}} -->\n<div class=\"wp-block-group\"><!-- wp:site-title /-->\n\n<!-- wp:navigation {\"ref\":$id} /--></div>\n<!-- /wp:group -->"], true));
            wp_set_object_terms($part, $theme, 'wp_theme');
            wp_set_object_terms($part, $nav['area'], 'wp_template_part_area');
        }
    }
}

/** One navigation item from sites.php's short spelling, as the editor saves it (attributes in the block comment). */
function navigationBlock(array $item, array $pages, array $categories, array $live): string {
    $attrs = fn (array $a) => json_encode($a, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    switch ($item[0]) {
        case 'home': return '<!-- wp:home-link ' . $attrs(['label' => $item[1]]) . ' /-->';
        case 'page-list': return '<!-- wp:page-list /-->';
        case 'page': $id = $pages[$item[1]]; return '<!-- wp:navigation-link ' . $attrs(['label' => $item[2] ?? get_the_title($id), 'type' => 'page', 'id' => $id, 'url' => get_permalink($id), 'kind' => 'post-type', 'isTopLevelLink' => true]) . ' /-->';
        case 'post': $id = $live[$item[1]]['id']; return '<!-- wp:navigation-link ' . $attrs(['label' => get_the_title($id), 'type' => 'post', 'id' => $id, 'url' => get_permalink($id), 'kind' => 'post-type']) . ' /-->';
        case 'category': $id = $categories[$item[1]]; return '<!-- wp:navigation-link ' . $attrs(['label' => get_cat_name($id), 'type' => 'category', 'id' => $id, 'url' => get_category_link($id), 'kind' => 'taxonomy']) . ' /-->';
        case 'custom': return '<!-- wp:navigation-link ' . $attrs(['label' => $item[2], 'url' => $item[1], 'kind' => 'custom', 'isTopLevelLink' => true] + (isset($item[3]) ? ['opensInNewTab' => true] : [])) . ' /-->';
        case 'submenu':
            $a = ['label' => $item[1]];
            if ($item[2] !== null) { $id = $pages[$item[2]]; $a += ['type' => 'page', 'id' => $id, 'url' => get_permalink($id), 'kind' => 'post-type']; }
            return '<!-- wp:navigation-submenu ' . $attrs($a) . " -->\n" . implode("\n", array_map(fn ($c) => navigationBlock($c, $pages, $categories, $live), $item[3])) . "\n<!-- /wp:navigation-submenu -->";
    }
    throw new Error('unknown navigation item ' . $item[0]);
}

/** The shop's or the site's home page: what the front page shows. */
function homePage(array $site, array $words, string $lang, Rng $rng): string {
    $intro = "<!-- wp:heading {\"level\":1} -->\n<h1>" . esc_html($site['title']) . "</h1>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>" . esc_html(sentence($words, $lang, $rng)) . "</p>\n<!-- /wp:paragraph -->";
    $shop = !empty($site['types']['products']) ? "\n\n<!-- wp:shortcode -->\n[products limit=\"4\" columns=\"4\" orderby=\"date\"]\n<!-- /wp:shortcode -->" : '';
    return $intro . $shop . "\n\n<!-- wp:latest-posts {\"postsToShow\":3} /-->";
}

/** Menu items from sites.php's short spelling, children under their parent item. */
function addMenuItems(int $menuId, array $items, int $parent, array $pages, array $categories, array $products): void {
    foreach ($items as $pos => $item) {
        $kind = $item[0];
        $args = ['menu-item-status' => 'publish', 'menu-item-parent-id' => $parent, 'menu-item-position' => $pos + 1];
        $children = [];
        switch ($kind) {
            case 'home': $args += ['menu-item-type' => 'custom', 'menu-item-url' => home_url('/'), 'menu-item-title' => $item[1]]; break;
            case 'custom': $args += ['menu-item-type' => 'custom', 'menu-item-url' => $item[1], 'menu-item-title' => $item[2], 'menu-item-target' => $item[4] ?? '']; $children = $item[3] ?? []; break;
            case 'page': $args += ['menu-item-type' => 'post_type', 'menu-item-object' => 'page', 'menu-item-object-id' => $pages[$item[1]], 'menu-item-title' => $item[2] ?? '']; $children = $item[3] ?? []; break;
            case 'category': $args += ['menu-item-type' => 'taxonomy', 'menu-item-object' => 'category', 'menu-item-object-id' => $categories[$item[1]]]; break;
            case 'tag': $t = get_term_by('slug', $item[1], 'post_tag'); $args += ['menu-item-type' => 'taxonomy', 'menu-item-object' => 'post_tag', 'menu-item-object-id' => $t->term_id]; break;
            case 'product_cat': $t = get_term_by('slug', $item[1], 'product_cat'); $args += ['menu-item-type' => 'taxonomy', 'menu-item-object' => 'product_cat', 'menu-item-object-id' => $t->term_id]; break;
            case 'product': $args += ['menu-item-type' => 'post_type', 'menu-item-object' => 'product', 'menu-item-object-id' => $products[$item[1]]]; break;
            case 'archive': $args += ['menu-item-type' => 'post_type_archive', 'menu-item-object' => $item[1], 'menu-item-title' => $item[2]]; break;
        }
        $id = check(wp_update_nav_menu_item($menuId, 0, $args));
        if ($children) addMenuItems($menuId, $children, $id, $pages, $categories, $products);
    }
}

/** A real sound file: a decaying 660 Hz bell, 8 kHz mono 16-bit PCM. */
function writeWav(string $file): void {
    $rate = 8000;
    $samples = '';
    for ($i = 0; $i < 2 * $rate; $i++) $samples .= pack('v', (int) (12000 * exp(-2 * $i / $rate) * sin(2 * M_PI * 660 * $i / $rate)) & 0xffff);
    file_put_contents($file, 'RIFF' . pack('V', 36 + strlen($samples)) . 'WAVEfmt ' . pack('VvvVVvv', 16, 1, 1, $rate, 2 * $rate, 2, 16) . 'data' . pack('V', strlen($samples)) . $samples);
}

/** A real image file: sky and sea bands, a sun, a label; JPEG, PNG (with transparency) or GIF. */
function drawImage(string $file, int $w, int $h, Rng $rng, string $label): void {
    $im = imagecreatetruecolor($w, $h);
    $sky = [$rng->int(120, 220), $rng->int(150, 230), $rng->int(200, 255)];
    $sea = [$rng->int(10, 60), $rng->int(60, 120), $rng->int(100, 170)];
    $horizon = (int) ($h * (0.45 + 0.2 * $rng->float()));
    for ($y = 0; $y < $h; $y += 4) {
        $c = $y < $horizon ? $sky : $sea;
        $k = $y < $horizon ? $y / max(1, $horizon) : ($y - $horizon) / max(1, $h - $horizon);
        $col = imagecolorallocate($im, (int) ($c[0] * (1 - 0.3 * $k)), (int) ($c[1] * (1 - 0.3 * $k)), (int) ($c[2] * (1 - 0.2 * $k)));
        imagefilledrectangle($im, 0, $y, $w, $y + 3, $col);
    }
    imagefilledellipse($im, $rng->int((int) ($w * 0.1), (int) ($w * 0.9)), (int) ($horizon * 0.5), (int) ($w / 8), (int) ($w / 8), imagecolorallocate($im, 250, 220, 140));
    imagestring($im, 5, 20, $h - 30, $label, imagecolorallocate($im, 255, 255, 255));
    if (str_ends_with($file, '.png')) { imagesavealpha($im, true); imagepng($im, $file); }
    elseif (str_ends_with($file, '.gif')) { imagetruecolortopalette($im, true, 64); imagegif($im, $file); }
    else imagejpeg($im, $file, 82);
    imagedestroy($im);
}
