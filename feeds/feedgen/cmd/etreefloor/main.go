// Command etreefloor is the yardstick for the speed of feedsync's
// commands: etree alone parses the feeds it is given, with the read
// settings feedsync used to parse with, and writes the first to a file. It
// checks nothing and merges nothing, so a command that does more in less
// time and memory beats the cost of building etree's trees.
//
//	$ go build -o etreefloor ./feeds/feedgen/cmd/etreefloor
//	$ /usr/bin/time -v ./etreefloor local.xml remote.xml out.xml   # the floor of merge
//	$ /usr/bin/time -v ./etreefloor merged.xml out.xml             # of a one-feed command
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: etreefloor FEED... OUT")
		os.Exit(2)
	}
	if err := run(os.Args[1:len(os.Args)-1], os.Args[len(os.Args)-1]); err != nil {
		fmt.Fprintln(os.Stderr, "etreefloor:", err)
		os.Exit(1)
	}
}

// run parses every input, then writes the first to out.
func run(inputs []string, out string) error {
	docs := make([]*etree.Document, len(inputs))
	for i, name := range inputs {
		var err error
		if docs[i], err = read(name); err != nil {
			return err
		}
	}
	l := docs[0]
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	l.WriteSettings = xmlutil.WriteSettings
	if _, err := l.WriteTo(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	runtime.KeepAlive(docs)
	return f.Close()
}

func read(name string) (*etree.Document, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	doc := etree.NewDocument()
	doc.ReadSettings = xmlutil.ReadSettings
	if err := doc.ReadFromBytes(data); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return doc, nil
}
