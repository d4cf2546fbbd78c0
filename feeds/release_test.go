package feeds

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestReleasedRemoteWritesTheSameMerge: a merge whose REMOTE is released
// (Doc.Release) before the result is written writes the same bytes as one
// whose REMOTE is kept, for every merge scenario (items REMOTE adds, wins,
// loses, conflicts, xml:space="preserve") and generated pairs in both
// formats, and REMOTE lets go of its items and its tree's items.
func TestReleasedRemoteWritesTheSameMerge(t *testing.T) {
	pairs := mergeScenarios(t)
	l, r := feedgen.Pair(2000, 0.2, 7)
	pairs["generated"] = [2]string{string(l), string(r)}
	pairs["remote laid out at the depth of a conflict"] = [2]string{deepLocal, deepRemote}
	pairs["remote's second item laid out at the depth of a conflict"] = [2]string{deepLocal, deepSecondRemote}
	if len(pairs) < 5 {
		t.Fatal("no merge scenarios")
	}
	for name, p := range pairs {
		t.Run(name, func(t *testing.T) {
			kept := mergeOf(t, p, false)
			local, remote := mustParse(t, "local.xml", p[0]), mustParse(t, "remote.xml", p[1])
			m, err := Merge(local, remote)
			if err != nil {
				t.Fatal(err)
			}
			remote.Release()
			if remote.src.items != nil || len(remote.box.Child) != 0 {
				t.Error("the released feed keeps its items")
			}
			if got := string(m.Bytes()); got != kept {
				t.Errorf("written with REMOTE released (-) and kept (+):\n%s", feedtest.LineDiff(got, kept))
			}
		})
	}
}

// deepLocal and deepRemote conflict; REMOTE's entry, which loses, is
// indented as a conflict version is in LOCAL, so that it is written as it
// was read (its title on its start tag's line), the indentation of its
// element taken from REMOTE: laid out afresh it would differ.
const deepLocal = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>t</title>
  <entry>
    <title>local</title>
    <sx:sync id="a" updates="2">
      <sx:history sequence="2" when="2021-01-01T00:02:00Z" by="L"/>
      <sx:history sequence="1" when="2021-01-01T00:00:00Z" by="O"/>
    </sx:sync>
  </entry>
</feed>`

const deepRemote = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
        <title>t</title>
        <entry><title>remote</title>
          <sx:sync id="a" updates="2">
            <sx:history sequence="2" when="2021-01-01T00:01:00Z" by="R"/>
            <sx:history sequence="1" when="2021-01-01T00:00:00Z" by="O"/>
          </sx:sync>
        </entry>
</feed>`

// deepSecondRemote is deepRemote with another item before the entry that
// loses, indented as items are: the entry's indentation is not the first
// item's, which a released feed keeps for all its items (source.ind).
const deepSecondRemote = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>t</title>
  <entry>
    <title>b</title>
    <sx:sync id="b" updates="1">
      <sx:history sequence="1" when="2021-01-01T00:00:00Z" by="R"/>
    </sx:sync>
  </entry>
        <entry><title>remote</title>
          <sx:sync id="a" updates="2">
            <sx:history sequence="2" when="2021-01-01T00:01:00Z" by="R"/>
            <sx:history sequence="1" when="2021-01-01T00:00:00Z" by="O"/>
          </sx:sync>
        </entry>
</feed>`
