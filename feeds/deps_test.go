package feeds

import (
	"os/exec"
	"strings"
	"testing"
)

// The package depends on the engine, etree, its own internal packages and
// the standard library only (STYLE.md: feeds → engine, github.com/beevik/etree).
func TestDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	allowed := map[string]bool{
		"github.com/feedsync/feedsync/feeds":                  true,
		"github.com/feedsync/feedsync/feeds/internal/xmlutil": true,
		"github.com/feedsync/feedsync/engine":                 true,
		"github.com/beevik/etree":                             true,
	}
	for _, p := range strings.Fields(string(out)) {
		if !allowed[p] {
			t.Errorf("feeds depends on %s", p)
		}
	}
}
