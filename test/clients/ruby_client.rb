# A Ruby app of the hosted Bible API (Net::HTTP, URI.encode_www_form, JSON.parse), pointed at `bible serve`.
# URI.encode_www_form sends an array value as the same name repeated, and an app's base URL often ends in
# "/" before the path is joined. Prints `ok NAME` or `FAIL NAME: ...`, then `N passed, N failed`.
#
# usage: ruby test/clients/ruby_client.rb http://127.0.0.1:8787   (apt-get install -y ruby)
require 'json'
require 'net/http'
require 'uri'

BASE = (ARGV[0] || 'http://127.0.0.1:8787').sub(%r{/+\z}, '')
$passed = 0
$failed = 0

def call(path, params = {})
  uri = URI("#{BASE}/#{path}")
  uri.query = URI.encode_www_form(params) unless params.empty?
  res = Net::HTTP.get_response(uri)
  [uri.to_s, res, (JSON.parse(res.body) rescue nil)]
end

def raw(url)
  res = Net::HTTP.get_response(URI(url))
  [url, res, (JSON.parse(res.body) rescue nil)]
end

def shown(url, res) = "GET #{url} -> #{res.code} #{res.body[0, 300]}"

def check(name)
  problem = begin
    yield
  rescue StandardError => e
    "#{e.class}: #{e.message}"
  end
  if problem
    $failed += 1
    puts "FAIL #{name}: #{problem}"
  else
    $passed += 1
    puts "ok #{name}"
  end
end

check('encode_www_form array: versionId: %w[kjv bbe] takes the last (bbe)') do
  url, res, data = call('GetVerse', verseId: '43003016', versionId: %w[kjv bbe])
  data.is_a?(Array) && data[0]['t'].start_with?('For God had such love') && res['X-Repeated-Parameters'] == 'versionId' ? nil : "#{shown(url, res)} (expected the BBE)"
end

check('base URL with a trailing slash joined with "/GetVerse"') do
  url, res, data = raw("#{BASE}/" + '/GetVerse?verseId=43003016&versionId=kjv')
  res.code == '200' && data.is_a?(Array) ? nil : "#{shown(url, res)} (expected John 3:16: a gateway or web server merges the slashes)"
end

check('GetBookInfo: info["introduction"], info["themes"].join') do
  bad = (1..66).each do |b|
    url, res, info = call('GetBookInfo', bookId: b)
    break "#{shown(url, res)} (expected one object)" unless info.is_a?(Hash) && info['introduction'].is_a?(String)
    info['themes'].join(', ')
    info['key_verses'].map { |k| k.fetch('reference') }
  end
  bad.is_a?(String) ? bad : nil
end

check('GetVersions: version_id to_i lookup table') do
  url, res, versions = call('GetVersions')
  by_id = versions.to_h { |v| [v['version_id'].to_i, v['abbreviation']] }
  want = { 1 => 'ASV', 2 => 'BBE', 3 => 'DBY', 4 => 'KJV', 5 => 'WBT', 6 => 'WEB', 7 => 'YLT', 8 => 'RV1909', 9 => 'SVD', 10 => 'KJV1611' }
  by_id == want ? nil : "#{shown(url, res)} (expected #{want})"
end

check('GetTopicVerseCount Integer') do
  url, res, n = call('GetTopicVerseCount', topic: 'kingdom of god')
  n.is_a?(Integer) ? nil : "#{shown(url, res)} (expected an Integer)"
end

check('GetOriginalText JSON.parse(pronun).fetch("dic_mod")') do
  bad = %w[01001001 19119105 23053005 40001001 43001001 66022021].map do |id|
    url, res, words = call('GetOriginalText', verseId: id)
    empty = words.find { |w| p = JSON.parse(w['pronun']); %w[ipa ipa_mod sbl dic dic_mod].any? { |k| p.fetch(k).to_s.strip.empty? } }
    empty && "#{shown(url, res)} (word #{empty['id']})"
  end.compact
  bad.first
end

puts "#{$passed} passed, #{$failed} failed"
exit($failed.zero? ? 0 : 1)
