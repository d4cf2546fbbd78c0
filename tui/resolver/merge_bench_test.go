package resolver

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// bigFieldFeeds returns a pair of Atom feeds with one item in conflict
// whose content is one line of words, every 50th changed on the version's
// side (QA Q12: a 1 MB field made each key of the merge view take
// seconds).
func bigFieldFeeds(words int, lines bool) (local, remote []byte) {
	r := rand.New(rand.NewPCG(12, 12))
	var w, v strings.Builder
	for i := range words {
		switch {
		case lines && i > 0 && i%50 == 0: // a paragraph of 50 words, every other one changed
			w.WriteByte('\n')
			v.WriteByte('\n')
		case i > 0:
			w.WriteByte(' ')
			v.WriteByte(' ')
		}
		word := string(rune('a'+r.IntN(26))) + strings.Repeat(string(rune('a'+r.IntN(26))), r.IntN(6))
		w.WriteString(word)
		if i%50 == 49 && (!lines || i%100 == 49) {
			v.WriteString("CHANGED")
		} else {
			v.WriteString(word)
		}
	}
	return contentConflict(w.String(), v.String()), contentConflict(w.String(), v.String())
}

// contentConflict is an Atom feed of one entry in conflict whose winner's
// content is winner and whose one version's content is version.
func contentConflict(winner, version string) []byte {
	return []byte(strings.NewReplacer("WINNER", winner, "VERSION", version).Replace(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>Big</title>
 <entry>
  <title>Notes</title>
  <content>WINNER</content>
  <id>urn:b</id>
  <sx:sync id="b" updates="2">
   <sx:history sequence="2" when="2026-03-02T10:00:00Z" by="bob"/>
   <sx:conflicts>
    <entry>
     <title>Notes</title>
     <content>VERSION</content>
     <id>urn:b</id>
     <sx:sync id="b" updates="2"><sx:history sequence="2" when="2026-03-02T09:00:00Z" by="alice"/></sx:sync>
    </entry>
   </sx:conflicts>
  </sx:sync>
 </entry>
</feed>`))
}

// BenchmarkMergeViewKey opens the merge view on an item whose content is
// about 1 MB (200k words, every 50th changed) and measures one key press
// and the View that follows, at 120 and 40 columns; "open" is the enter
// and e that open it. "paragraphs" is the same text cut into lines of 50
// words, every other line changed: 2,000 hunks, each with its state.
//
//	go test -run '^$' -bench MergeViewKey ./tui/resolver
func BenchmarkMergeViewKey(b *testing.B) {
	l, r := bigFieldFeeds(200_000, false)
	doc := mergePair(b, l, r)
	pl, pr := bigFieldFeeds(200_000, true)
	paragraphs := mergePair(b, pl, pr)
	for _, k := range [][]string{{"j"}, {"]"}, {"l", "u"}} {
		b.Run("paragraphs/120/"+strings.Join(k, ""), func(b *testing.B) {
			hs := newHarness(b, paragraphs, 120, 40)
			hs.keys("enter", "e")
			if hs.m.screen != mergeScreen || len(hs.m.merge.Hunks()) < 1000 {
				b.Fatalf("the merge view did not open on 1,000 hunks or more:\n%s", hs.screen())
			}
			for b.Loop() {
				for _, k := range k {
					hs.keys(k)
					_ = hs.m.View()
				}
			}
		})
	}
	for _, width := range []int{120, 40} {
		b.Run(itoa(width)+"/open", func(b *testing.B) {
			for b.Loop() {
				hs := newHarness(b, doc, width, 40)
				hs.keys("enter", "e")
				_ = hs.m.View()
			}
		})
		for _, keys := range [][]string{{"j"}, {"]"}, {"l", "u"}} {
			b.Run(itoa(width)+"/"+strings.Join(keys, ""), func(b *testing.B) {
				hs := newHarness(b, doc, width, 40)
				hs.keys("enter", "e")
				if hs.m.screen != mergeScreen {
					b.Fatal("the merge view did not open")
				}
				_ = hs.m.View()
				for b.Loop() {
					for _, k := range keys {
						hs.keys(k)
						_ = hs.m.View()
					}
				}
			})
		}
	}
}

// BenchmarkOpenBigField opens the item screen (enter) and the merge view
// (enter, e) on BenchmarkMergeViewKey's 1 MB field, one line ("line") or
// lines of 50 words ("paragraphs"), at 120 columns, and draws the screen.
//
//	go test -run '^$' -bench OpenBigField ./tui/resolver
func BenchmarkOpenBigField(b *testing.B) {
	for _, paragraphs := range []bool{false, true} {
		l, r := bigFieldFeeds(200_000, paragraphs)
		doc := mergePair(b, l, r)
		name := map[bool]string{false: "line", true: "paragraphs"}[paragraphs]
		for _, keys := range [][]string{{"enter"}, {"enter", "e"}} {
			b.Run(name+"/"+strings.Join(keys, ","), func(b *testing.B) {
				var hs *harness
				for b.Loop() {
					hs = newHarness(b, doc, 120, 40)
					hs.keys(keys...)
					_ = hs.m.View()
				}
				if want := map[int]screen{1: itemScreen, 2: mergeScreen}[len(keys)]; hs.m.screen != want {
					b.Fatalf("keys %v: screen %v, want %v", keys, hs.m.screen, want)
				}
			})
		}
	}
}
