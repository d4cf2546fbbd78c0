package feeds

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// The package depends on the engine, etree, its own internal packages,
// golang.org/x/text for encodings (the brief names it) and the standard
// library only (STYLE.md: feeds → engine, github.com/beevik/etree).
func TestDependencies(t *testing.T) {
	feedtest.Deps(t, "feeds",
		"github.com/feedsync/feedsync/feeds",
		"github.com/feedsync/feedsync/feeds/internal/xmlutil",
		"github.com/feedsync/feedsync/feeds/internal/xmlscan",
		"github.com/feedsync/feedsync/engine",
		"github.com/beevik/etree",
		"golang.org/x/text/...", // the charsets feeds are read and written in (xmlscan.Charset)
	)
}
