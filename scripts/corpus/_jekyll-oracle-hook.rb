# Copied into a scratch copy's _plugins/ by _oracle-jekyll.mjs (never into a fetched site). After Jekyll has read
# and generated the site, and again after writing it, this lists every document Jekyll will write with its source
# and URL, into the file named by PREVIEW_DATA_ORACLE_OUT.
require 'json'

module PreviewDataOracle
  def self.dump(site, stage)
    out = ENV['PREVIEW_DATA_ORACLE_OUT']
    return unless out
    entries = []
    site.posts.docs.each do |doc|
      entries << { source: doc.relative_path, url: doc.url, kind: 'post', collection: 'posts', title: doc.data['title'], date: doc.date&.iso8601, published: doc.data['published'] != false, draft: doc.respond_to?(:draft?) ? doc.draft? : false, write: doc.write? }
    end
    site.collections.each do |name, collection|
      next if name == 'posts'
      collection.docs.each do |doc|
        entries << { source: doc.relative_path, url: doc.url, kind: 'document', collection: name, title: doc.data['title'], published: doc.data['published'] != false, write: doc.write? }
      end
    end
    site.pages.each do |page|
      entries << { source: page.relative_path, url: page.url, kind: 'page', title: page.data['title'], published: page.data['published'] != false, write: true }
    end
    static = site.static_files.map { |f| { source: f.relative_path.sub(%r{\A/}, ''), url: f.url } }
    File.write(out, JSON.pretty_generate({ stage: stage, jekyll: Jekyll::VERSION, time: site.time.iso8601, baseurl: site.config['baseurl'].to_s, entries: entries, static: static }))
  end
end

Jekyll::Hooks.register :site, :pre_render do |site, _payload|
  PreviewDataOracle.dump(site, 'pre_render')
end

Jekyll::Hooks.register :site, :post_write do |site|
  PreviewDataOracle.dump(site, 'post_write')
end
