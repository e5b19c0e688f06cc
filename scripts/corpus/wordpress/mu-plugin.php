<?php
/*
 * Plugin Name: Preview Data corpus types
 * Description: What plugins add on real sites, in a few lines: a WooCommerce-like shop (product with variations,
 * product categories and tags, a colour attribute), a Jetpack-like portfolio, an events type that is excluded from
 * exports, and the theme's menu locations. Loaded by every corpus site (wp-content/mu-plugins).
 */
add_action('init', function () {
    register_post_type('product', [
        'label' => 'Products', 'public' => true, 'has_archive' => 'shop', 'show_in_rest' => true,
        'rewrite' => ['slug' => 'product', 'with_front' => false],
        'supports' => ['title', 'editor', 'excerpt', 'thumbnail', 'custom-fields', 'comments'],
    ]);
    // WooCommerce's variations: children of a product, not public on their own.
    register_post_type('product_variation', [
        'label' => 'Variations', 'public' => false, 'hierarchical' => false, 'rewrite' => false, 'query_var' => false,
        'supports' => ['title', 'custom-fields'],
    ]);
    register_taxonomy('product_cat', ['product'], ['label' => 'Product categories', 'hierarchical' => true, 'rewrite' => ['slug' => 'product-category', 'with_front' => false]]);
    register_taxonomy('product_tag', ['product'], ['label' => 'Product tags', 'rewrite' => ['slug' => 'product-tag', 'with_front' => false]]);
    register_taxonomy('product_type', ['product'], ['label' => 'Product type', 'public' => false, 'rewrite' => false]);
    register_taxonomy('pa_color', ['product'], ['label' => 'Colour', 'hierarchical' => false, 'rewrite' => false, 'public' => false]);

    register_post_type('jetpack-portfolio', [
        'label' => 'Projects', 'public' => true, 'has_archive' => true, 'show_in_rest' => true,
        'rewrite' => ['slug' => 'portfolio', 'with_front' => false],
        'supports' => ['title', 'editor', 'excerpt', 'thumbnail', 'page-attributes'],
    ]);
    register_taxonomy('jetpack-portfolio-type', ['jetpack-portfolio'], ['label' => 'Project types', 'hierarchical' => true, 'rewrite' => ['slug' => 'project-type']]);

    // A type a plugin keeps out of exports (can_export false): the export must not carry it, and the oracle shows it.
    register_post_type('tribe_events', ['label' => 'Events', 'public' => true, 'can_export' => false, 'rewrite' => ['slug' => 'event']]);

    // A taxonomy of the site's own for posts (series of posts), as themes and plugins add them.
    register_taxonomy('series', ['post'], ['label' => 'Series', 'public' => true, 'hierarchical' => false, 'rewrite' => ['slug' => 'series']]);

    register_nav_menus(['primary' => 'Primary navigation', 'footer' => 'Footer links', 'social' => 'Social links']);
});
