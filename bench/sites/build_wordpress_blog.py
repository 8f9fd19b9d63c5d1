"""Fill a local WordPress with the changelog blog and mirror it, as a labelled corpus like
../shared/corpora/sites/<site>.

    python bench/sites/build_wordpress_blog.py CHANGELOG.md OUT_DIR [--theme twentytwentyone]
        [--port 8000] [--blogger]

CHANGELOG.md: Starlette's release notes (docs/release-notes.md of its sdist:
`pip download starlette --no-binary :all: --no-deps`), or any changelog of that shape.

WordPress runs most blogs on the web; Debian packages it with its default themes. Setting
it up once (as root; MariaDB from the machine, PHP's own server, no Apache):

    # micro-httpd meets the package's web server dependency: no Apache server is installed
    # or started (its PHP module's libraries come along, unused)
    apt-get install --no-install-recommends wordpress micro-httpd php8.2-cgi php-cli \\
        php-mysql php-gd wordpress-theme-twentytwentyone wordpress-theme-twentytwentythree
    mysql -uroot -e "CREATE DATABASE wpbench; CREATE USER 'wpbench'@'localhost'
        IDENTIFIED BY 'wpbench'; GRANT ALL ON wpbench.* TO 'wpbench'@'localhost'"
    # /etc/wordpress/config-127.0.0.1.php: DB_NAME/DB_USER/DB_PASSWORD wpbench, DB_HOST
    # localhost, WP_HOME and WP_SITEURL http://127.0.0.1:8000
    (cd /usr/share/wordpress && php -S 127.0.0.1:8000 router.php)
    # router.php, for pretty permalinks: real files as they are, the rest through WordPress:
    #   <?php $path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
    #   if ($path !== '/' && is_file('/usr/share/wordpress' . $path)) { return false; }
    #   require '/usr/share/wordpress/index.php';
    curl -X POST 'http://127.0.0.1:8000/wp-admin/install.php?step=2' -d weblog_title=Blog \\
        -d user_name=maintainer -d admin_password=... -d admin_password2=... -d pw_weak=1 \\
        -d admin_email=maintainer@example.org -d blog_public=1

This script then empties the blog, posts one post per dated release (changelog_posts.py;
Markdown rendered with python-markdown), tagged and filed in a category, by its one author,
sets date-and-name permalinks, 10 posts a page and the theme, and mirrors every page with
wget into OUT_DIR/site (links stay absolute, http://127.0.0.1:8000/, as
bench/eval_indexiness.py serves corpora; for an end-to-end crawl point leafcrawl at the
running WordPress and score the output with bench/eval_crawl.py --evaluate-only).
Every QUERY_LOOP_EVERY-th post ends with QUERY_LOOPS paginated Query Loop blocks (lists of
other posts, as block themes and page builders put them into posts): each loop pages with its
own parameter (?query-1-page=2) and every pager link keeps the other loops' (the spider trap
of a stock WordPress). The newest post is split over SPLIT_PARTS pages with <!--nextpage-->,
as long posts are: its parts are /…/slug/2/, /…/slug/3/.

--theme generatepress: GeneratePress, a popular third-party classic theme (not packaged by
Debian; nobody here tuned for it). Its 3.5.1 release is the last one whose "Requires at
least" (6.1) Debian's WordPress 6.1 meets; it needs no plugin and no build step (its CSS and
JS are committed). Bring it from its repository and install it beside the packaged themes:

    # (the fetch tool's snapshot of github:tomusborne/generatepress, or a git clone)
    mkdir -p /usr/share/wordpress/wp-content/themes/generatepress
    git -C GENERATEPRESS_GIT archive 3.5.1 | tar x -C /usr/share/wordpress/wp-content/themes/generatepress
    ln -sfn /usr/share/wordpress/wp-content/themes/generatepress \
        /var/lib/wordpress/wp-content/themes/generatepress

--theme colormag: ColorMag (ThemeGrill), the most installed free news/magazine theme of
wordpress.org, classic (PHP templates); its 4.2.2 "Requires at least" 5.0, so Debian's 6.1 runs
it, with no plugin and no build step (built CSS/JS committed). Installed as GeneratePress:

    # (the fetch tool's snapshot of github:themegrill/colormag, tag-less 4.2.2 = 9b77a166)
    mkdir -p /usr/share/wordpress/wp-content/themes/colormag
    git -C COLORMAG_GIT archive 9b77a166 | tar x -C /usr/share/wordpress/wp-content/themes/colormag
    ln -sfn /usr/share/wordpress/wp-content/themes/colormag \
        /var/lib/wordpress/wp-content/themes/colormag

With --blogger the widgets go to its colormag_right_sidebar, under the theme's own "TG:
Featured Posts" widget ("Latest News", 4 posts); a second one ("Top Stories") fills the front
page's top section, and the header's news ticker (colormag_enable_news_ticker) is on: what a
news site built on it shows.

--port PORT: the port the WordPress above listens on (and WP_HOME/WP_SITEURL name), when
8000 is taken: e.g. php -S 127.0.0.1:8010 with http://127.0.0.1:8010 in the config; the
mirror's links are then http://127.0.0.1:8010/ (bench/eval_indexiness.py --site-url
http://127.0.0.1:8010/, bench/eval_crawl.py --port 8010).

--blogger: what a blogger turns on besides the defaults: a sidebar of the classic widgets
(search, recent posts, recent comments, archives, categories, tag cloud) in the theme's
main widget area (sidebar-1), and COMMENTED_POSTS posts with two approved comments each (the second
a threaded reply), comments open on every post (WordPress's default) so every post ends
with its "Leave a Reply" form. Pagination is the 10 posts a page above. E.g.

    python bench/sites/build_wordpress_blog.py /tmp/src/starlette-1.10.0/docs/release-notes.md \
        /tmp/sites/wp-generatepress --theme generatepress --port 8010 --blogger

labels.csv: posts (each part of the split one) and the about page are leaves; the home, its pages N, and the tag,
category, author and date archives (and their pages N) are index pages, as WordPress made them.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from changelog_posts import ABOUT, post_days, posts, write_labels

QUERY_LOOP_EVERY = 8
QUERY_LOOPS = 4
QUERY_LOOP_PER_PAGE = 3
SPLIT_PARTS = 3
COMMENTED_POSTS = (1, 2, 5, 9)      # indexes into the posts, newest first (0 is the split one)
COMMENTS = [("Ada Reader", "ada@example.org", "Thanks for the detailed notes, the upgrade went "
             "smoothly for us."),
            ("Sam Dev", "sam@example.org", "Glad to hear it. We had to adjust one middleware "
             "but the changelog made it clear which one.")]


def query_loops(first_id: int) -> str:
    """QUERY_LOOPS paginated Query Loop blocks of other posts, in WordPress's block markup."""
    loops = []
    for n in range(first_id, first_id + QUERY_LOOPS):
        query = json.dumps({"queryId": n, "query": {"perPage": QUERY_LOOP_PER_PAGE, "pages": 0,
                            "offset": 0, "postType": "post", "order": "desc", "orderBy": "date",
                            "inherit": False}})
        loops.append(f"""<!-- wp:heading --><h2>More releases ({n})</h2><!-- /wp:heading -->
<!-- wp:query {query} --><div class="wp-block-query"><!-- wp:post-template -->
<!-- wp:post-title {{"isLink":true}} /--><!-- wp:post-date /-->
<!-- /wp:post-template --><!-- wp:query-pagination --><!-- wp:query-pagination-previous /-->
<!-- wp:query-pagination-numbers /--><!-- wp:query-pagination-next /-->
<!-- /wp:query-pagination --></div><!-- /wp:query -->""")
    return "\n".join(loops)


def split_post(html: str) -> str:
    """The post's paragraphs cut into SPLIT_PARTS pages by <!--nextpage-->."""
    blocks = html.split("\n")
    size = max(1, len(blocks) // SPLIT_PARTS)
    parts = ["\n".join(blocks[i * size:(i + 1) * size if i < SPLIT_PARTS - 1 else None])
             for i in range(SPLIT_PARTS)]
    return "\n<!--nextpage-->\n".join(part or "<p>(continued)</p>" for part in parts)
# Fills the blog through WordPress's own API (wp_insert_post files tags and categories and
# sets the dates, as the editor would).
IMPORT = """<?php
$_SERVER['HTTP_HOST'] = '127.0.0.1';
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/taxonomy.php';    // wp_create_category
$posts = json_decode(file_get_contents($argv[1]), true);
foreach (get_posts(['numberposts' => -1, 'post_type' => ['post', 'page'], 'post_status' => 'any']) as $p) {
    wp_delete_post($p->ID, true);
}
$author = get_user_by('login', 'maintainer')->ID;
foreach ($posts as $p) {
    $id = wp_insert_post(['post_title' => $p['title'], 'post_name' => $p['slug'],
        'post_content' => $p['html'], 'post_status' => 'publish', 'post_date' => $p['date'],
        'post_author' => $author, 'post_type' => $p['type']], true);
    if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\\n"); exit(1); }
    if ($p['type'] === 'post') {
        wp_set_post_tags($id, $p['tags']);
        wp_set_post_categories($id, [wp_create_category($p['category'])]);
    }
}
update_option('permalink_structure', '/%year%/%monthnum%/%day%/%postname%/');
update_option('posts_per_page', 10);
update_option('blogname', 'Release notes');
switch_theme($argv[2]);
delete_option('theme_switched');   // no widget remapping on the next request: set below
if (!empty($argv[3])) {            // --blogger
    $extra = json_decode(file_get_contents($argv[3]), true);
    $widgets = ['search' => ['title' => ''], 'recent-posts' => ['title' => 'Recent Posts', 'number' => 5],
        'recent-comments' => ['title' => 'Recent Comments', 'number' => 5],
        'archives' => ['title' => 'Archives', 'count' => 0, 'dropdown' => 0],
        'categories' => ['title' => 'Categories', 'count' => 1, 'hierarchical' => 0, 'dropdown' => 0],
        'tag_cloud' => ['title' => 'Tags', 'taxonomy' => 'post_tag', 'count' => 0]];
    $ids = [];
    foreach ($widgets as $base => $settings) {
        update_option("widget_$base", [2 => $settings, '_multiwidget' => 1]);
        $ids[] = "$base-2";
    }
    // the main widget area of GeneratePress and Twenty Twenty-One alike (what this request
    // registered is the previous theme's areas: switch_theme loads no theme code)
    $first = 'sidebar-1';
    $areas = ['wp_inactive_widgets' => []];
    if ($argv[2] === 'colormag') {
        // ColorMag's right sidebar, topped by the theme's own "Latest News" posts widget (as
        // its starter sites have it); its front page top section gets a second one; and the
        // header's news ticker (latest post titles) is on
        $first = 'colormag_right_sidebar';
        update_option('widget_colormag_featured_posts_widget', [
            2 => ['title' => 'Latest News', 'text' => '', 'number' => 4, 'type' => 'latest'],
            3 => ['title' => 'Top Stories', 'text' => '', 'number' => 4, 'type' => 'latest'],
            '_multiwidget' => 1]);
        array_unshift($ids, 'colormag_featured_posts_widget-2');
        $areas['colormag_front_page_content_top_section'] = ['colormag_featured_posts_widget-3'];
        set_theme_mod('colormag_enable_news_ticker', 1);
    }
    $areas[$first] = $ids;
    $areas['array_version'] = 3;
    update_option('sidebars_widgets', $areas);
    update_option('default_comment_status', 'open');
    update_option('thread_comments', 1);
    foreach ($extra['comments'] as $c) {
        $post = get_page_by_path($c['slug'], OBJECT, 'post');
        $parent = 0;
        foreach ($c['comments'] as $i => $body) {
            $parent = wp_insert_comment(['comment_post_ID' => $post->ID, 'comment_author' => $body[0],
                'comment_author_email' => $body[1], 'comment_content' => $body[2],
                'comment_approved' => 1, 'comment_parent' => $parent,
                'comment_date' => date('Y-m-d H:i:s', strtotime($post->post_date) + 86400 * ($i + 1))]);
        }
    }
    echo "sidebar $first: ", implode(' ', $ids), "\\n";
}
flush_rewrite_rules();
echo count($posts), " posts and pages\\n";
"""


def label(path: str) -> tuple[str, str] | None:
    """The page WordPress made at path (wget's file for a /dir/ URL is dir/index.html)."""
    if not path.endswith("index.html") or path.startswith(("feed/", "wp-", "comments/")) \
            or "/feed/" in path or "/embed/" in path:
        return None
    parts = path[: -len("index.html")].strip("/").split("/") if path != "index.html" else []
    if not parts:
        return "index", "wordpress home"
    if parts[0] == "page":
        return "index", "wordpress home page N"
    if len(parts) == 4 and all(p.isdigit() for p in parts[:3]):
        return "leaf", "wordpress post"
    if len(parts) == 5 and all(p.isdigit() for p in parts[:3]) and parts[4].isdigit():
        return "leaf", "wordpress post part N"
    if all(p.isdigit() for p in parts[:3] if p != "page") and parts[0].isdigit():
        return "index", "wordpress date archive"
    if parts[0] in ("tag", "category", "author"):
        return "index", f"wordpress {parts[0]} archive" + (" page N" if "page" in parts else "")
    if parts == ["about"]:
        return "leaf", "wordpress page"
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("changelog", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--theme", default="twentytwentythree",
                    help="an installed theme: twentytwentythree (block), twentytwentyone (classic), "
                         "generatepress (third-party classic, installed as the docstring says), "
                         "colormag (third-party news/magazine classic, likewise)")
    ap.add_argument("--port", type=int, default=8000,
                    help="the port the running WordPress is served at (its WP_HOME's)")
    ap.add_argument("--blogger", action="store_true",
                    help="sidebar widgets and a few commented posts (see the docstring)")
    args = ap.parse_args(argv)
    site_url = f"http://127.0.0.1:{args.port}"
    import markdown   # python-markdown, the bench extra

    items = [{"title": f"Release {p.version}", "slug": p.slug, "type": "post",
              "date": f"{p.date:%Y-%m-%d} 12:00:00", "tags": p.tags, "category": p.category,
              "html": markdown.markdown(p.body)} for p in posts(args.changelog.read_text())]
    items[0]["html"] = split_post(items[0]["html"])
    for i, item in enumerate(items[1:], 1):
        if i % QUERY_LOOP_EVERY == 0:
            item["html"] += "\n" + query_loops(1 + QUERY_LOOPS * (i // QUERY_LOOP_EVERY))
    items.append({"title": "About", "slug": "about", "type": "page", "date": "2020-01-01 12:00:00",
                  "tags": [], "category": "", "html": f"<p>{ABOUT}</p>"})
    with tempfile.TemporaryDirectory() as tmp:
        data, script = Path(tmp) / "posts.json", Path(tmp) / "import.php"
        data.write_text(json.dumps(items))
        script.write_text(IMPORT)
        extra = []
        if args.blogger:
            extra = [str(Path(tmp) / "blogger.json")]
            Path(extra[0]).write_text(json.dumps({"comments": [
                {"slug": items[i]["slug"], "comments": COMMENTS} for i in COMMENTED_POSTS]}))
        subprocess.run(["php", str(script), str(data), args.theme, *extra], check=True,
                       env=dict(os.environ, HTTP_HOST="127.0.0.1"))
    shutil.rmtree(args.out, ignore_errors=True)
    site = args.out / "site"
    # --mirror follows every in-site link; what robots.txt would hide is a crawl's own choice
    subprocess.run(["wget", "-q", "--mirror", "-e", "robots=off", "--no-host-directories",
                    "--reject-regex", r"/(feed|wp-json|wp-admin|wp-login\.php|xmlrpc\.php|embed)|\?",
                    "-P", str(site), site_url + "/"], check=False)   # wget exits 8 on any 404
    write_labels(site, args.out, label, dates=post_days(args.changelog.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
