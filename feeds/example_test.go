package feeds_test

import (
	"fmt"
	"os"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
)

func ExampleParse() {
	doc, err := feeds.Parse("todo.xml", []byte(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <item>
   <title>Buy groceries</title>
   <sx:sync id="item_1" updates="2">
    <sx:history sequence="2" when="2005-05-21T10:43:33Z" by="REO1750"/>
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
 </channel>
</rss>`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range doc.Items() {
		fmt.Println(doc.Format(), it.Sync.ID, it.Sync.Updates, feeds.Title(it.Data))
	}

	_, err = feeds.Parse("bad.xml", []byte(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <entry>
    <sx:sync id="a b" updates="1">
      <sx:history sequence="1"/>
    </sx:sync>
  </entry>
</feed>`))
	fmt.Println(err)
	// Output:
	// rss item_1 2 Buy groceries
	// bad.xml:3:5: sx:sync: id "a b" is not an RFC 2141 namespace specific string (1.0.2 §2.4)
	// bad.xml:4:7: sx:history: neither when nor by (1.0.2 §2.5)
}

func ExampleMerge() {
	local, err := feeds.Parse("local.xml", []byte(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <entry>
    <title>Buy groceries</title>
    <link rel="edit" href="http://local.example.com/1"/>
    <sx:sync id="item_1" updates="1">
      <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
    </sx:sync>
  </entry>
</feed>`))
	if err != nil {
		fmt.Println(err)
		return
	}
	remote, err := feeds.Parse("remote.xml", []byte(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <item>
   <title>Buy groceries - DONE</title>
   <link>http://remote.example.com/1</link>
   <sx:sync id="item_1" updates="2">
    <sx:history sequence="2" when="2005-05-21T10:43:33Z" by="JEO2000"/>
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
 </channel>
</rss>`))
	if err != nil {
		fmt.Println(err)
		return
	}
	merged, err := feeds.Merge(local, remote)
	if err != nil {
		fmt.Println(err)
		return
	}
	merged.WriteTo(os.Stdout)
	// Output:
	// <feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
	//   <entry>
	//     <title>Buy groceries - DONE</title>
	//     <link rel="edit" href="http://local.example.com/1"/>
	//     <sx:sync id="item_1" updates="2">
	//       <sx:history sequence="2" when="2005-05-21T10:43:33Z" by="JEO2000"/>
	//       <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
	//     </sx:sync>
	//   </entry>
	// </feed>
}

// A binding built on feeds reads with etree and places its findings with
// Locate, or, when etree refuses the input, with SyntaxProblems.
func ExampleLocate() {
	data := []byte("<rss version=\"2.0\">\n <channel>\n  <item/>\n </channel>\n</rss>\n")
	doc := etree.NewDocument()
	if err := doc.ReadFromBytes(data); err != nil {
		fmt.Println(feeds.SyntaxProblems("feed.xml", data, err))
		return
	}
	item := doc.FindElement("//item")
	fmt.Println(feeds.Locate("feed.xml", data, doc, []feeds.Finding{
		{Element: item, Msg: "no sx:sync"},
		{Element: nil, Msg: "no sx:sharing"},
	}))
	// Output:
	// feed.xml:1:1: document: no sx:sharing
	// feed.xml:3:3: item: no sx:sync
}

func ExampleSyntaxProblems() {
	data := []byte("<rss version=\"2.0\">\n <channel>\n</rss>\n")
	doc := etree.NewDocument()
	if err := doc.ReadFromBytes(data); err != nil {
		fmt.Println(feeds.SyntaxProblems("feed.xml", data, err))
	}
	// Output:
	// feed.xml:3:1: channel: <channel> opened at 2:2 is closed by </rss>
}

// A Problem without a place or an element is about the file as a whole.
func ExampleProblem_String() {
	fmt.Println(feeds.Problem{File: "feed.xml", Line: 3, Col: 3, Element: "item", Msg: "no sx:sync"})
	fmt.Println(feeds.Problem{File: "feed.xml", Element: "item", Msg: "no sx:sync"})
	fmt.Println(feeds.Problem{File: "gone.xml", Msg: "no such file or directory"})
	// Output:
	// feed.xml:3:3: item: no sx:sync
	// feed.xml: item: no sx:sync
	// gone.xml: no such file or directory
}

// Every endpoint derives the same atom:id from a sync id.
func ExampleEntryID() {
	fmt.Println(feeds.EntryID("item_1_myapp_2005-05-21T11:43:33Z"))
	// Output: urn:uuid:4c85fa09-4a0b-5f2d-aa4e-c543ff7d67ff
}

// A version this endpoint makes of an Atom entry is published with the
// atom:id and atom:updated RFC 4287 requires; its shared data is the same.
func ExampleDoc_Published() {
	doc, err := feeds.Parse("todo.xml", []byte(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <entry>
  <title>Buy groceries</title>
  <content/>
  <sx:sync id="item_1" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/></sx:sync>
 </entry>
</feed>`))
	if err != nil {
		fmt.Println(err)
		return
	}
	it := doc.Item("item_1")
	data := doc.Published(it.Data, it.Sync.ID, it.Sync.Topmost().When)
	for _, f := range feeds.Fields(data) {
		fmt.Printf("%s=%q shared=%v\n", f.Key, f.Value, f.Shared)
	}
	fmt.Println(data.Digest() == it.Data.Digest())
	// Output:
	// title="Buy groceries" shared=true
	// content="" shared=true
	// id="urn:uuid:bcb57811-524a-5d8c-82cf-a4e55256f657" shared=false
	// updated="2005-05-21T09:43:33Z" shared=false
	// true
}

// Incomplete lists the items that lack what their format requires; the
// feed loads and syncs all the same.
func ExampleDoc_Incomplete() {
	doc, err := feeds.Parse("todo.xml", []byte(`<rss version="2.0">
 <channel>
  <item><category>errands</category></item>
 </channel>
</rss>`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.Incomplete())
	// Output: todo.xml:3:3: item: neither title nor description: RSS 2.0 requires one
}

// A category's field value is its term, then its scheme (RSS: its domain)
// in parentheses; " ()" says that a term which ends in "(…)" has none.
func ExampleCategoryValue() {
	fmt.Printf("%q\n", feeds.CategoryValue("home", ""))
	fmt.Printf("%q\n", feeds.CategoryValue("home", "http://d"))
	fmt.Printf("%q\n", feeds.CategoryValue("home (http://d)", ""))
	fmt.Printf("%q\n", feeds.CategoryValue("", "urn:s"))
	// Output:
	// "home"
	// "home (http://d)"
	// "home (http://d) ()"
	// " (urn:s)"
}

func ExampleParseCategory() {
	for _, v := range []string{"home", "home (http://d)", "home (http://d) ()", "f(x)", `<category>home</category>`} {
		term, scheme, err := feeds.ParseCategory(v)
		fmt.Printf("%q %q %v\n", term, scheme, err)
	}
	// Output:
	// "home" "" <nil>
	// "home" "http://d" <nil>
	// "home (http://d)" "" <nil>
	// "f(x)" "" <nil>
	// "" "" feeds: not a value this field can hold: a category's value is its term, followed by " (scheme)" when it has one, not XML
}
