<?php
// The WordPress sites build.sh makes, each with the settings that change how WordPress publishes it. Every site's
// content is written by content.php from these settings and a fixed seed, so a build gives the same sites again
// (ids, slugs, dates and text; only the export's own timestamp changes).
//
// Keys: home (the address permalinks are written with), permalink (permalink_structure; '' is plain ?p=),
// category_base / tag_base, timezone (a zone name, or a UTC offset in hours as gmt_offset), front ('posts', or the
// key of the page shown at the root), posts_page (the key of the page listing posts, or null), posts (how many),
// languages (weights of the languages the text is written in), years (the span of post dates), menus (name,
// location or null, items), types (custom content: products, portfolio, events), categories (slug => [name,
// parent slug, language]; a key that is not a slug leaves the slug to WordPress), tags, pages (key => [title, parent
// key, kind, page template]; kinds: home, empty, contact, archive, draft, pending, private, password, untitled-slug,
// woocommerce_*). Optional: siteurl (WordPress in a folder of its own, where wp-content is too), navigation (block
// navigation: a theme and wp_navigation menus, the one with an area in that template part), series (terms of the
// `series` taxonomy given to posts), odd_filenames (images named with spaces, accents, other scripts), http_links (some
// links between posts written with http:// on an https site, or the scheme given), stale_posts_page (page_for_posts set
// while the front page shows the latest posts, which WordPress then ignores), nextpage (posts split with <!--nextpage-->),
// more_blocks (later editor blocks: galleries with captions, cover, media-text, audio, file, table, buttons, HTML,
// code, a tweet embed, dynamic blocks; classic captions linking to attachment pages, [playlist], <!--more text-->).
return [
    'dated-blog' => [
        'title' => 'Tide Tables', 'tagline' => 'Notes from a harbour town, week by week', 'home' => 'https://tidetables.example',
        'permalink' => '/%year%/%monthnum%/%day%/%postname%/', 'category_base' => '', 'tag_base' => '',
        'timezone' => 'Europe/Lisbon', 'locale' => '', 'front' => 'posts', 'posts_page' => null,
        'posts' => 420, 'languages' => ['en' => 9, 'pt' => 1], 'years' => [2013, 2024], 'seed' => 11,
        'images' => 36, 'comments' => 600, 'sticky' => 2,
        'categories' => ['harbour-life' => ['Harbour life', null], 'weather' => ['Weather', null], 'boats' => ['Boats', null], 'sailing' => ['Sailing', 'boats'], 'rowing' => ['Rowing', 'boats'], 'food' => ['Food & markets', null], 'notes' => ['Notes', null], 'em-portugues' => ['Em português', null, 'pt']],
        'tags' => ['tides', 'ferry', 'seals', 'market', 'lighthouse', 'storms', 'fog', 'swallows', 'boatyard', 'bread', 'charts', 'Rock pools', 'Café talk'],
        'pages' => [
            'about' => ['About', null], 'contact' => ['Contact', null, 'contact'], 'privacy' => ['Privacy', null], 'colophon' => ['Colophon', 'about'],
            'tide-archive' => ['Tide archive', null, 'archive'], 'members' => ['Members’ notes', null, 'password'], 'drafts-corner' => ['Ideas for next year', null, 'draft'],
            'staff' => ['Staff rota', 'about', 'private'],
        ],
        'menus' => [
            ['name' => 'Main Menu', 'location' => 'primary', 'items' => [
                ['home', 'Home'], ['page', 'about'], ['custom', '#', 'Topics', [['category', 'harbour-life'], ['category', 'weather'], ['category', 'boats']]],
                ['page', 'contact'], ['custom', 'https://www.openstreetmap.org/#map=14/38.70/-9.40', 'Map', [], '_blank'],
            ]],
            ['name' => 'Footer', 'location' => 'footer', 'items' => [['page', 'privacy'], ['page', 'colophon'], ['tag', 'tides']]],
        ],
        'types' => [],
    ],
    'shop-static' => [
        'title' => 'Harbour Pottery', 'tagline' => 'Stoneware thrown by hand', 'home' => 'https://harbourpottery.example',
        'permalink' => '/%postname%/', 'category_base' => '', 'tag_base' => '',
        'timezone' => 'America/Halifax', 'locale' => '', 'front' => 'home', 'posts_page' => 'journal',
        'posts' => 90, 'languages' => ['en' => 1], 'years' => [2018, 2024], 'seed' => 23,
        'images' => 28, 'comments' => 120, 'sticky' => 1,
        'categories' => ['studio-news' => ['Studio news', null], 'glazes' => ['Glazes', null], 'markets' => ['Markets & fairs', null], 'process' => ['Process', null], 'kiln' => ['Kiln', 'process']],
        'tags' => ['stoneware', 'porcelain', 'ash glaze', 'wood firing', 'commissions', 'workshops', 'sale'],
        'pages' => [
            'home' => ['Home', null, 'home'], 'journal' => ['Journal', null, 'empty'], 'about' => ['About the studio', null], 'studio' => ['The studio', 'about'],
            'firing' => ['How we fire', 'about'], 'kilns' => ['Our kilns', 'firing'], 'contact' => ['Contact', null, 'contact'], 'shipping' => ['Shipping', null],
            'returns' => ['Returns', null], 'privacy' => ['Privacy policy', null], 'terms' => ['Terms & conditions', null], 'stockists' => ['Stockists', null],
            'wholesale' => ['Wholesale', null, 'password'], 'trade-prices' => ['Trade prices', 'wholesale', 'private'], 'sale-2025' => ['Winter sale', null, 'pending'],
            'cart' => ['Cart', null, 'woocommerce_cart'], 'checkout' => ['Checkout', null, 'woocommerce_checkout'],
        ],
        'menus' => [
            ['name' => 'Header links', 'location' => 'primary', 'items' => [
                ['page', 'home', 'Home'],
                ['custom', '#', 'Shop', [['archive', 'product', 'All products'], ['product_cat', 'mugs'], ['product_cat', 'bowls'], ['product', 0]]],
                ['page', 'journal'], ['page', 'about', null, [['page', 'studio'], ['page', 'firing']]], ['page', 'contact'],
            ]],
            ['name' => 'Footer', 'location' => 'footer', 'items' => [
                ['page', 'shipping'], ['page', 'returns'], ['page', 'privacy'], ['page', 'terms'], ['page', 'stockists'],
                ['archive', 'jetpack-portfolio', 'Commissions'], ['custom', 'https://www.instagram.com/harbourpottery.example/', 'Instagram'],
            ]],
        ],
        'types' => ['products' => 18, 'variations' => 7, 'portfolio' => 8, 'events' => 3],
    ],
    'archives-multilingual' => [
        'title' => 'Carnets de route · 旅の手帖', 'tagline' => 'Villes, trains et carnets en plusieurs langues', 'home' => 'https://carnets.example',
        'permalink' => '/archives/%post_id%', 'category_base' => 'rubrique', 'tag_base' => 'mot-cle',
        'timezone' => 'Asia/Tokyo', 'locale' => 'fr_FR', 'front' => 'accueil', 'posts_page' => null,
        'posts' => 160, 'languages' => ['fr' => 4, 'ja' => 3, 'ru' => 1, 'ar' => 1, 'el' => 1, 'zh' => 1, 'en' => 1], 'years' => [2016, 2024], 'seed' => 37,
        'images' => 20, 'comments' => 150, 'sticky' => 0,
        'categories' => ['francais' => ['Français', null, 'fr'], 'nihongo' => ['日本語', null, 'ja'], 'russkij' => ['Русский', null, 'ru'], 'arabiya' => ['العربية', null, 'ar'], 'ellinika' => ['Ελληνικά', null, 'el'], 'zhongwen' => ['中文', null, 'zh'], 'english' => ['English', null, 'en'], '' => ['Voyages en train', null], '!' => ['駅弁', null], '?' => ['Карты', null]],
        'tags' => ['train', 'café', 'musée', '雨', '港', 'зима', 'سوق', 'θάλασσα', '夜市', 'carnet'],
        'pages' => [
            'accueil' => ['Accueil', null, 'home'], 'a-propos' => ['À propos', null], 'kaisha' => ['会社概要', null, 'untitled-slug'], 'contact' => ['Контакты', null, 'untitled-slug'],
            'mentions' => ['Mentions légales', 'a-propos'], 'archives' => ['Archives', null, 'archive'], 'brouillon' => ['Brouillon de page', null, 'draft'],
        ],
        'menus' => [
            ['name' => 'Menu principal', 'location' => 'primary', 'items' => [
                ['page', 'accueil', 'Accueil'], ['custom', '#', 'Langues', [['category', 'francais'], ['category', 'nihongo'], ['category', 'russkij'], ['category', 'arabiya'], ['category', 'ellinika'], ['category', 'zhongwen']]],
                ['page', 'a-propos'], ['page', 'kaisha'],
            ]],
        ],
        'types' => [],
    ],
    'category-subdir' => [
        'title' => 'Field Kitchen', 'tagline' => 'Cooking outdoors, in every season', 'home' => 'https://fieldkitchen.example/blog',
        'permalink' => '/%category%/%postname%/', 'category_base' => 'section', 'tag_base' => '',
        'timezone' => 'Australia/Hobart', 'locale' => '', 'front' => 'posts', 'posts_page' => null,
        'posts' => 170, 'languages' => ['en' => 1], 'years' => [2015, 2024], 'seed' => 41,
        'images' => 22, 'comments' => 160, 'sticky' => 1,
        'categories' => ['fire' => ['Fire', null], 'coals' => ['Coals', 'fire'], 'open-flame' => ['Open flame', 'fire'], 'camp-ovens' => ['Camp ovens', null], 'breads' => ['Breads', null], 'preserves' => ['Preserves', null], 'fish' => ['Fish', null], 'seasons' => ['Seasons', null], 'winter' => ['Winter', 'seasons'], 'summer' => ['Summer', 'seasons']],
        'tags' => ['damper', 'smoking', 'cast iron', 'foraging', 'quick', 'slow', 'vegetarian'],
        'pages' => ['about' => ['About', null], 'gear' => ['Gear', null], 'contact' => ['Contact', null, 'contact'], 'safety' => ['Fire safety', 'gear'], 'old-recipes' => ['Old recipes', null, 'private']],
        'menus' => [
            ['name' => 'Navigation', 'location' => 'primary', 'items' => [['home', 'Recipes'], ['category', 'fire'], ['category', 'camp-ovens'], ['page', 'about']]],
            ['name' => 'Old links', 'location' => null, 'items' => [
                ['page', 'about'], ['page', 'gear'], ['page', 'contact'], ['category', 'breads'], ['category', 'preserves'], ['category', 'fish'],
                ['custom', 'https://fieldkitchen.example/blog/section/fire/', 'Fire (old link)'],
            ]],
        ],
        'types' => ['portfolio' => 0],
    ],
    'plain-links' => [
        'title' => 'Quiet Hours', 'tagline' => '', 'home' => 'https://quiethours.example',
        'permalink' => '', 'category_base' => '', 'tag_base' => '',
        'timezone' => 5.5, 'locale' => '', 'front' => 'welcome', 'posts_page' => 'notes',
        'posts' => 45, 'languages' => ['en' => 1], 'years' => [2020, 2024], 'seed' => 53,
        'images' => 10, 'comments' => 40, 'sticky' => 0,
        'categories' => ['notes' => ['Notes', null], 'reading' => ['Reading', null], 'sleep' => ['Sleep', 'notes']],
        'tags' => ['night', 'books', 'tea', 'walking'],
        'pages' => ['welcome' => ['Welcome', null, 'home'], 'notes' => ['Notes', null, 'empty'], 'about' => ['About', null], 'reading-list' => ['Reading list', 'about'], 'secret' => ['For friends', null, 'password']],
        'menus' => [
            ['name' => 'Primary', 'location' => 'primary', 'items' => [['page', 'welcome', 'Start'], ['page', 'notes'], ['custom', '#', 'More', [['page', 'about'], ['page', 'reading-list']]]]],
        ],
        'types' => [],
    ],
    'block-studio' => [
        'title' => 'Kiln & Canvas', 'tagline' => 'A shared studio: clay, paint and print', 'home' => 'https://kilnandcanvas.example', 'siteurl' => 'https://kilnandcanvas.example/wp',
        'permalink' => '/blog/%postname%/', 'category_base' => '', 'tag_base' => '',
        'timezone' => 'Europe/Berlin', 'locale' => '', 'front' => 'home', 'posts_page' => 'blog',
        'posts' => 80, 'languages' => ['en' => 3, 'fr' => 1], 'years' => [2019, 2024], 'seed' => 61,
        'images' => 16, 'comments' => 60, 'sticky' => 2,
        'categories' => ['clay' => ['Clay', null], 'paint' => ['Paint', null], 'print' => ['Print', null], 'screen' => ['Screen printing', 'print'], 'en-francais' => ['En français', null, 'fr']],
        'tags' => ['residency', 'open studio', 'kiln', 'linocut', 'glaze', 'workshop'],
        'pages' => [
            'home' => ['Home', null, 'home'], 'blog' => ['Blog', null, 'empty'], 'about' => ['About', null], 'studio' => ['The studio', 'about'],
            'team' => ['Team', 'studio'], 'alumni' => ['Alumni', 'team'], 'guides' => ['Guides', null, 'text', 'templates/page-wide.html'],
            'glazing' => ['Glazing', 'guides', 'text', 'templates/page-wide.html'], 'ash-glazes' => ['Ash glazes', 'glazing'], 'cone-charts' => ['Cone charts', 'ash-glazes'],
            'contact' => ['Contact', null, 'contact'], 'members' => ['Members', null, 'password'], 'member-handbook' => ['Member handbook', 'members'],
            'legal' => ['Legal', null, 'private'], 'imprint' => ['Imprint', 'legal'], 'next-season' => ['Next season', null, 'draft'],
        ],
        'menus' => [
            ['name' => 'Old menu', 'location' => null, 'items' => [
                ['home', 'Home'], ['page', 'about'], ['page', 'studio'], ['page', 'team'], ['page', 'guides'], ['page', 'glazing'], ['page', 'contact'], ['category', 'clay'], ['category', 'paint'],
            ]],
        ],
        'navigation' => ['theme' => 'twentytwentythree', 'menus' => [
            ['name' => 'Header navigation', 'area' => 'header', 'items' => [
                ['home', 'Start'], ['page', 'blog'],
                ['submenu', 'About', 'about', [['page', 'studio'], ['page', 'team'], ['page', 'alumni']]],
                ['submenu', 'Topics', null, [['category', 'clay'], ['category', 'paint'], ['category', 'screen']]],
                ['submenu', 'Guides', 'guides', [['submenu', 'Glazing', 'glazing', [['page', 'ash-glazes'], ['page', 'cone-charts']]]]],
                ['post', 3], ['page', 'next-season'], ['custom', 'https://www.instagram.com/kilnandcanvas.example/', 'Instagram', true],
            ]],
            ['name' => 'Footer navigation', 'items' => [['page-list'], ['page', 'imprint']]],
        ]],
        'series' => ['Residency diaries', 'Glaze tests', 'Print of the month'],
        'odd_filenames' => true, 'http_links' => true, 'nextpage' => true, 'more_blocks' => true,
        'types' => [],
    ],
    'html-subdir' => [
        'title' => 'Valley Gazette', 'tagline' => 'News from the upper valley since 2012', 'home' => 'https://valleygazette.example', 'siteurl' => 'https://valleygazette.example/wordpress',
        'permalink' => '/%year%/%monthnum%/%postname%.html', 'category_base' => 'topics', 'tag_base' => 'tagged',
        'timezone' => 'America/Chicago', 'locale' => '', 'front' => 'welcome', 'posts_page' => 'news',
        'posts' => 120, 'languages' => ['en' => 1], 'years' => [2012, 2024], 'seed' => 71,
        'images' => 14, 'comments' => 90, 'sticky' => 1,
        'categories' => ['local' => ['Local', null], 'council' => ['Council', 'local'], 'schools' => ['Schools', 'local'], 'weather' => ['Weather', null], 'sport' => ['Sport', null], 'letters' => ['Letters', null]],
        'tags' => ['flood', 'budget', 'football', 'fair', 'roads', 'library'],
        'pages' => [
            'welcome' => ['Welcome', null, 'home'], 'about' => ['About us', null], 'news' => ['News', 'about', 'empty'], 'staff' => ['Staff', 'about'],
            'advertise' => ['Advertise', null], 'rates' => ['Rates', 'advertise'], 'contact' => ['Contact', null, 'contact'], 'archive' => ['Archive', null, 'archive'],
            'subscribers' => ['Subscribers', null, 'password'], 'corrections' => ['Corrections', null, 'pending'],
        ],
        'menus' => [
            ['name' => 'Top bar', 'location' => 'primary', 'items' => [
                ['home', 'Front page'], ['page', 'news', 'Latest news'],
                ['custom', '#', 'Sections', [['category', 'local'], ['custom', '#', 'More sections', [['category', 'weather'], ['category', 'sport'], ['tag', 'flood']]], ['category', 'letters']]],
                ['page', 'about', null, [['page', 'staff'], ['page', 'advertise', null, [['page', 'rates']]]]], ['page', 'contact'], ['page', 'corrections'],
            ]],
            ['name' => 'Social', 'location' => 'social', 'items' => [['custom', 'https://mastodon.example/@valleygazette', 'Mastodon', [], '_blank']]],
        ],
        'series' => ['Council watch', 'Flood of 2019'],
        'odd_filenames' => true, 'http_links' => true, 'nextpage' => true,
        'types' => [],
    ],
    'author-links' => [
        'title' => 'Old School Notes', 'tagline' => 'A group blog, since the http:// days', 'home' => 'http://oldschool.example',
        'permalink' => '/%author%/%postname%/', 'category_base' => '', 'tag_base' => '',
        'timezone' => 'Europe/London', 'locale' => '', 'front' => 'posts', 'posts_page' => null, 'stale_posts_page' => 'blog',
        'posts' => 60, 'languages' => ['en' => 1], 'years' => [2009, 2024], 'seed' => 83,
        'images' => 8, 'comments' => 40, 'sticky' => 1,
        'categories' => ['essays' => ['Essays', null], 'links' => ['Links', null], 'meta' => ['Meta', null]],
        'tags' => ['history', 'tools', 'web'],
        'pages' => ['blog' => ['Blog', null, 'empty'], 'about' => ['About', null], 'authors' => ['Authors', 'about'], 'colophon' => ['Colophon', 'about']],
        'menus' => [
            ['name' => 'Top', 'location' => 'primary', 'items' => [
                ['home', 'Home'], ['custom', '/about/', 'About us', [['page', 'authors'], ['page', 'colophon']]],
                ['custom', '#', 'Topics', [['category', 'essays'], ['category', 'links']]], ['page', 'blog'],
            ]],
        ],
        'http_links' => 'https',
        'types' => [],
    ],
];
