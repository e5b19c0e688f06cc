#!/bin/bash
# usage: jekyll-truth.sh <fixture-dir> <name> -> ${OUT:-/tmp/md-truth}/<name>.truth.tsv (source \t url \t collection)
src=$1; name=$2; w=${OUT:-/tmp/md-truth}/work-$name
rm -rf $w ${OUT:-/tmp/md-truth}/pub-$name; cp -r $src $w; chmod -R u+w $w; cd $w
mkdir -p _layouts _includes _plugins
cat > _plugins/zz_truth.rb <<'RB'
Jekyll::Hooks.register :site, :post_write do |site|
  File.open('${OUT:-/tmp/md-truth}/TRUTHOUT', 'w') do |f|
    (site.pages + site.documents).each { |d| f.puts [d.relative_path, d.url, (d.respond_to?(:collection) && d.collection ? d.collection.label : ''), (d.respond_to?(:output_ext) ? d.output_ext : '')].join("\t") }
    site.static_files.each { |s| f.puts [s.relative_path.sub(%r{^/}, ''), s.url, 'static', ''].join("\t") }
  end
end
RB
find . -type f \( -name '*.md' -o -name '*.markdown' -o -name '*.mkdn' -o -name '*.text' -o -name '*.Rmd' \) -print0 | xargs -0 sed -i 's/{%/{ %/g; s/{{/{ {/g'
M='MDTRUTH|{{ page.path }}|{{ page.url }}|{{ page.collection }}|'
for l in $(grep -rhoE '^ *layout: *["'"'"']?[A-Za-z0-9_-]+' --include='*.md' --include='*.markdown' --include='*.yml' --include='*.text' . | sed -E 's/ *layout: *["'"'"']?//' | sort -u) default; do echo "$M{{ content }}" > _layouts/$l.html; done
for i in $(grep -rhoE '\{%-? *include +[A-Za-z0-9_./-]+' . | sed -E 's/.*include +//' | sort -u); do mkdir -p "_includes/$(dirname $i)"; : > "_includes/$i"; done
echo "plugins: []" > _truth.yml; CFG=_truth.yml; [ -f _config.yml ] && CFG=_config.yml,_truth.yml
jekyll build --config $CFG -d ${OUT:-/tmp/md-truth}/pub-$name "${@:3}" > ${OUT:-/tmp/md-truth}/$name.build.log 2>&1; echo "jekyll rc=$?"
sort -u ${OUT:-/tmp/md-truth}/TRUTHOUT > ${OUT:-/tmp/md-truth}/$name.truth.tsv
wc -l ${OUT:-/tmp/md-truth}/$name.truth.tsv
