package dialect

import "testing"

// Declared is the dialect whose namespace the feed declares, with sync
// data or without, and stays so through a merge of two feeds without
// sync data: a plain RSS feed merged with an empty SSE 0.91 one still
// declares nothing (the merge said FeedSync 1.0.2, which it had made the
// other feed's namespace to merge them, not one the result declares).
func TestDeclaredIsWhatTheFeedDeclares(t *testing.T) {
	const (
		plain = `<rss version="2.0"><channel><title>t</title></channel></rss>`
		sse   = `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><title>t</title></channel></rss>`
		fs    = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title></channel></rss>`
		opml  = `<opml version="1.0"><head/><body/></opml>`
	)
	parse := func(name, data string) *Doc {
		d, err := Parse(name, []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tc := range []struct {
		name, data string
		want       Dialect
	}{{"plain", plain, None}, {"sse", sse, SSE091}, {"fs", fs, FeedSync102}, {"opml", opml, None}} {
		if got := parse(tc.name, tc.data).Declared(); got != tc.want {
			t.Errorf("%s: Declared %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		local, remote string
		want          Dialect
	}{{plain, sse, None}, {plain, fs, None}, {sse, plain, SSE091}, {fs, sse, FeedSync102}} {
		m, err := Merge(parse("local", tc.local), parse("remote", tc.remote))
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Declared(); got != tc.want {
			t.Errorf("merge of %s\nwith %s\ndeclares %v, want %v:\n%s", tc.local, tc.remote, got, tc.want, m.Bytes())
		}
	}
}
