// Package textedit holds the resolver's two text inputs: Input, one line
// (the list's filter, the prompts, search on the item screen), and Area,
// a field of an item wrapped at words (the merge view's result), both
// edited with the keys of readline and of most editors.
package textedit
