package feeds

import (
	"fmt"
	"testing"
	"time"
)

// handmadeEntries are entries with attributes, declarations and conflict
// versions of their own.
const handmadeEntries = `
  <entry xmlns:ex="urn:ex-entry" ex:a="1">
    <title>entry declares</title><ex:x>y</ex:x>
    <id>urn:d1</id>
    <sx:sync id="d1" updates="1">
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
    </sx:sync>
  </entry>
  <entry xml:space="preserve">
    <title>preserved</title><ex:x>
      <ex:y/>
    </ex:x>
    <id>urn:d2</id>
    <sx:sync id="d2" updates="1">
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
    </sx:sync>
  </entry>
  <entry>
    <title>sync extras</title>
    <id>urn:d3</id>
    <sx:sync id="d3" updates="1" ex:mark="m">
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
      <ex:extra>kept</ex:extra>
    </sx:sync>
  </entry>
  <entry>
    <title>with conflicts</title>
    <id>urn:d4</id>
    <sx:sync id="d4" updates="2">
      <sx:history sequence="2" when="2020-01-02T00:00:00Z" by="h"/>
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
      <sx:conflicts xmlns:cx="urn:cx">
        <entry cx:a="1">
          <title>a conflict version</title><cx:b>c</cx:b>
          <id>urn:d4</id>
          <sx:sync id="d4" updates="2">
            <sx:history sequence="2" when="2020-01-01T12:00:00Z" by="k"/>
            <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
          </sx:sync>
        </entry>
      </sx:conflicts>
    </sx:sync>
  </entry>
  <entry>
    <title>with conflicts, a prefix declared on sx:conflicts</title>
    <id>urn:d7</id>
    <sx:sync id="d7" updates="2">
      <sx:history sequence="2" when="2020-01-02T00:00:00Z" by="h"/>
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
      <sx:conflicts xmlns:cx="urn:cx">
        <entry cx:a="1">
          <title>a conflict version</title>
          <id>urn:d7</id>
          <sx:sync id="d7" updates="2">
            <sx:history sequence="2" when="2020-01-01T12:00:00Z" by="k"/>
            <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
          </sx:sync>
        </entry>
      </sx:conflicts>
    </sx:sync>
  </entry>
  <entry>
    <title>with conflicts, a prefix rebound on sx:sync</title>
    <id>urn:d8</id>
    <sx:sync id="d8" updates="2" xmlns:ex="urn:ex-sync">
      <sx:history sequence="2" when="2020-01-02T00:00:00Z" by="h"/>
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
      <sx:conflicts>
        <entry>
          <title>a conflict version</title><ex:x>means urn:ex-sync</ex:x>
          <id>urn:d8</id>
          <sx:sync id="d8" updates="2">
            <sx:history sequence="2" when="2020-01-01T12:00:00Z" by="k"/>
            <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
          </sx:sync>
        </entry>
      </sx:conflicts>
    </sx:sync>
  </entry>
  <entry>
    <title>with conflicts, xml:space on sx:sync and a version indented otherwise</title>
    <id>urn:d9</id>
    <sx:sync id="d9" updates="2" xml:space="preserve">
      <sx:history sequence="2" when="2020-01-02T00:00:00Z" by="h"/>
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
      <sx:conflicts>
	<entry>
	  <title>a conflict version</title><author>
  <name>n</name>
</author>
	  <id>urn:d9</id>
	  <sx:sync id="d9" updates="2">
	    <sx:history sequence="2" when="2020-01-01T12:00:00Z" by="k"/>
	    <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
	  </sx:sync>
	</entry>
      </sx:conflicts>
    </sx:sync>
  </entry>
  <entry>
    <title>with conflicts preserved</title>
    <id>urn:d5</id>
    <sx:sync id="d5" updates="2">
      <sx:history sequence="2" when="2020-01-02T00:00:00Z" by="h"/>
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
      <sx:conflicts xml:space="preserve">
        <entry>
          <title>a conflict version</title><ex:x>
            <ex:y/>
          </ex:x>
          <id>urn:d5</id>
          <sx:sync id="d5" updates="2">
            <sx:history sequence="2" when="2020-01-01T12:00:00Z" by="k"/>
            <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
          </sx:sync>
        </entry>
      </sx:conflicts>
    </sx:sync>
  </entry>
  <entry>
    <title>with conflicts plain</title>
    <id>urn:d6</id>
    <sx:sync id="d6" updates="2">
      <sx:history sequence="2" when="2020-01-02T00:00:00Z" by="h"/>
      <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
      <sx:conflicts>
        <entry>
          <title>a conflict version</title><author>
            <name>n</name>
          </author>
          <id>urn:d6</id>
          <sx:sync id="d6" updates="2">
            <sx:history sequence="2" when="2020-01-01T12:00:00Z" by="k"/>
            <sx:history sequence="1" when="2020-01-01T00:00:00Z" by="h"/>
          </sx:sync>
        </entry>
      </sx:conflicts>
    </sx:sync>
  </entry>`

// conflictInContext returns an Atom feed of an entry with one conflict
// version, whose entry, sx:sync, sx:conflicts and version start tags carry
// the given attributes, whose sx:conflicts is named conflicts, and whose
// version holds kids and is indented with ind ("" for none) at each line.
func conflictInContext(entry, sync, conflicts, name, version, kids, ind string) string {
	v := fmt.Sprintf("%s<entry%s>%s  %s%s  <id>urn:c</id>%s  <sx:sync id=\"c\" updates=\"2\">"+
		"<sx:history sequence=\"2\" when=\"2020-01-01T12:00:00Z\" by=\"k\"/>"+
		"<sx:history sequence=\"1\" when=\"2020-01-01T00:00:00Z\" by=\"h\"/></sx:sync>%s</entry>",
		ind, version, ind, kids, ind, ind, ind)
	e := fmt.Sprintf("\n  <entry%s>\n    <title>with conflicts</title>\n    <id>urn:c</id>\n"+
		"    <sx:sync id=\"c\" updates=\"2\"%s>\n"+
		"      <sx:history sequence=\"2\" when=\"2020-01-02T00:00:00Z\" by=\"h\"/>\n"+
		"      <sx:history sequence=\"1\" when=\"2020-01-01T00:00:00Z\" by=\"h\"/>\n"+
		"      <%s%s>%s\n      </%s>\n    </sx:sync>\n  </entry>",
		entry, sync, name, conflicts, v, name)
	return handmadeAtom([]string{"<title>other</title>"}, e)
}

// TestWritingAsReadConflictContexts writes conflict versions whose
// context, from their item down to them, declares namespaces, says
// xml:space or binds FeedSync otherwise, each indented several ways (as
// written, otherwise, compact, with tabs), merged alone and with a feed
// whose sx:sync rebinds a prefix: the bytes are the trees' (bothWays).
// An sx:sync that declared or said xml:space before an sx:history was
// missed, and its conflict versions were written as read (4474d00).
func TestWritingAsReadConflictContexts(t *testing.T) {
	kids := "<title>v</title><author>\n  <name>n</name>\n</author><ex:a>\n  <ex:b/>\n</ex:a>"
	const fs = ` xmlns:fs="http://feedsync.org/2007/feedsync"`
	contexts := []struct{ name, entry, sync, conflicts, cname, version, kids string }{
		{"plain", "", "", "", "sx:conflicts", "", kids},
		{"entry preserves", ` xml:space="preserve"`, "", "", "sx:conflicts", "", kids},
		{"sync preserves", "", ` xml:space="preserve"`, "", "sx:conflicts", "", kids},
		{"conflicts preserve", "", "", ` xml:space="preserve"`, "sx:conflicts", "", kids},
		{"version preserves", "", "", "", "sx:conflicts", ` xml:space="preserve"`, kids},
		{"entry declares", ` xmlns:ex="urn:entry"`, "", "", "sx:conflicts", "", kids},
		{"sync declares", "", ` xmlns:ex="urn:sync"`, "", "sx:conflicts", "", kids},
		{"conflicts declare", "", "", ` xmlns:ex="urn:conflicts"`, "sx:conflicts", "", kids},
		{"version declares", "", "", "", "sx:conflicts", ` xmlns:ex="urn:version"`, kids},
		{"conflicts bind FeedSync", "", "", fs, "fs:conflicts", "", kids},
		{"entry binds FeedSync", fs, "", "", "fs:conflicts", "", kids + "<fs:note/>"},
		{"Atom declared again", ` xmlns="http://www.w3.org/2005/Atom"`, "", "", "sx:conflicts", ` xmlns="http://www.w3.org/2005/Atom"`, kids},
		{"prefixed attributes", "", ` ex:z="1" other="2"`, "", "sx:conflicts", ` ex:z="1"`, kids},
	}
	other := []byte(conflictInContext("", ` xmlns:ex="urn:sync"`, "", "sx:conflicts", "", kids, "\n        "))
	total := 0
	for _, c := range contexts {
		for _, ind := range []string{"\n        ", "\n  ", "", "\n\t"} {
			name := fmt.Sprintf("%s/%q", c.name, ind)
			t.Run(name, func(t *testing.T) {
				feed := conflictInContext(c.entry, c.sync, c.conflicts, c.cname, c.version, c.kids, ind)
				if _, err := Parse("t.xml", []byte(feed)); err != nil {
					t.Fatal(err)
				}
				total += checkAsRead(t, name, []byte(feed), other)
			})
		}
	}
	if total == 0 {
		t.Error("no version was written as read: the test does not exercise that path")
	}
}

// TestWritingAsReadMergedTwice merges into the same Doc twice, the
// remote of the first merge released, then merges the result as either
// side of a third: versions read from three feeds, compositions of
// compositions and conflict versions from the other feed.
func TestWritingAsReadMergedTwice(t *testing.T) {
	t1 := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	feeds := handmadeFeeds()
	for name, a := range feeds {
		for _, bname := range []string{"handmade-atom", "handmade-atom-crlf"} {
			b := feeds[bname]
			t.Run(name+"+"+bname, func(t *testing.T) {
				l, r := touched([]byte(a), "l", 0, t1), touched([]byte(b), "r", 1, t1)
				r2, r3 := touched([]byte(b), "q", 2, t1.Add(time.Hour)), touched([]byte(a), "z", 1, t1)
				if _, err := l.MergeIn(r); err != nil {
					t.Skip(err)
				}
				r.Release()
				bothWays(t, "once", l)
				if _, err := l.MergeIn(r2); err != nil {
					t.Skip(err)
				}
				bothWays(t, "twice", l)
				for _, pair := range [][2]*Doc{{r3, l}, {l, r3}} {
					if m, err := Merge(pair[0], pair[1]); err == nil {
						bothWays(t, "thrice", m)
					}
				}
			})
		}
	}
}
