package ssefeed

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// The package depends on feeds and its internal packages, the engines,
// etree and the standard library only (STYLE.md: feeds → engine,
// github.com/beevik/etree).
func TestDependencies(t *testing.T) {
	feedtest.Deps(t, "feeds/sse",
		"github.com/feedsync/feedsync/feeds/sse",
		"github.com/feedsync/feedsync/feeds",
		"github.com/feedsync/feedsync/feeds/internal/xmlutil",
		"github.com/feedsync/feedsync/feeds/internal/xmlscan",
		"github.com/feedsync/feedsync/engine",
		"github.com/feedsync/feedsync/engine/sse",
		"github.com/beevik/etree",
		"golang.org/x/text/...", // the charsets feeds are read and written in (xmlscan.Charset)
	)
}
