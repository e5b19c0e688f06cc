#!/bin/bash
# usage: hugo-truth.sh <fixture-dir> <name>  -> ${OUT:-/tmp/md-truth}/<name>.truth.tsv (source \t url \t kind)
set -e
src=$1; name=$2; w=${OUT:-/tmp/md-truth}/work-$name
rm -rf $w ${OUT:-/tmp/md-truth}/pub-$name; cp -r $src $w; chmod -R u+w $w; cd $w
mkdir -p layouts/shortcodes layouts/_default
for s in $(grep -rhoE '\{\{[<%] *[/]?[a-zA-Z0-9_/-]+' content 2>/dev/null | sed -E 's/\{\{[<%] *\/?//' | sort -u); do
  mkdir -p "layouts/shortcodes/$(dirname $s)"
  if grep -rqE "\{\{[<%] */$s *[%>]\}\}" content; then echo '{{ .Inner }}' > "layouts/shortcodes/$s.html"; else : > "layouts/shortcodes/$s.html"; fi
done
M='MDTRUTH|{{ with .File }}{{ .Path }}{{ end }}|{{ .Kind }}|{{ .Lang }}|{{ .RelPermalink }}|'
for l in single list; do echo "$M" > layouts/_default/$l.html; done
rm -f layouts/index.html
hugo --quiet -d ${OUT:-/tmp/md-truth}/pub-$name "${@:3}" 2>&1 | grep -v 'WARN' || true
cd ${OUT:-/tmp/md-truth}/pub-$name
grep -rhao 'MDTRUTH|[^|]*|[^|]*|[^|]*|[^|]*|' --include='*.html' . | awk -F'|' '{print $2"\t"$5"\t"$3"\t"$4}' | sort -u > ${OUT:-/tmp/md-truth}/$name.truth.tsv
wc -l ${OUT:-/tmp/md-truth}/$name.truth.tsv
