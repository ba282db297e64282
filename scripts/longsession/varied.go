//go:build unix

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/internal/goroot"
)

// The varied text's sizes, in bytes. A reply is a sentence or two of prose,
// the file's name and a piece of code, about 450 bytes in all as the
// scripted three paragraphs are; with the code's escapes in JSON, the longer
// questions and the tools' results the inspect answer weighs some 8% more
// than the scripted one for as many exchanges (about 980 bytes each, not
// 900).
const (
	codeMin, codeMax     = 200, 330 // a reply's piece of code
	proseMin, proseMax   = 70, 180  // a reply's prose: a second sentence if the first is shorter than proseMin and both fit proseMax
	sentenceMin          = 25       // a sentence of prose
	askMin, askMax       = 25, 80   // the sentence a question quotes
	resultMin, resultMax = 180, 340 // a tool's result: a piece of a note, a listing
	piecesPerPass        = 3        // the pieces one pass takes from each file
)

// varied is the model of -text varied: each exchange's question, reply and
// (every tenth) tool call are cut, in order, from the Go installation's
// sources, so the session's text is as varied as a coding agent's. The
// exchanges are made in order, each once, and the model finds its exchange by
// the number its question begins with; the same GOROOT gives the same text.
type varied struct {
	mu   sync.Mutex
	c    *corpus
	last int // the exchange made last; -1 before the first
	ex   exchange
}

// exchange is one question and what the model answers.
type exchange struct {
	prompt string
	lead   string               // with a tool: the text of the turn that calls it
	tool   *vehicletest.ToolUse // every tenth exchange calls a tool first
	reply  string
}

// newVaried reads the file list of the Go installation's sources.
func newVaried() (*varied, error) {
	root, err := goroot.Dir()
	if err != nil {
		return nil, err
	}
	c, err := newCorpus(root)
	if err != nil {
		return nil, err
	}
	return &varied{c: c, last: -1}, nil
}

// exchange is exchange i, made if it is the next one.
func (v *varied) exchange(i int) (exchange, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	switch i {
	case v.last:
		return v.ex, nil
	case v.last + 1:
	default:
		return exchange{}, fmt.Errorf("exchange %d asked after %d: the varied text is made in order", i, v.last)
	}
	ex, err := v.c.make(i)
	if err != nil {
		return exchange{}, err
	}
	v.last, v.ex = i, ex
	return ex, nil
}

// prompt is the question of exchange i when the text is varied: it
// begins "question i:" as the scripted ones do, then quotes a comment.
func (v *varied) prompt(i int) (string, error) {
	ex, err := v.exchange(i)
	return ex.prompt, err
}

// Turn answers exchange i's question: with a tool, the first turn calls it
// and the second replies; else one turn replies.
func (v *varied) Turn(_ context.Context, req vehicletest.TurnRequest) vehicletest.Reply {
	num, _, ok := strings.Cut(strings.TrimPrefix(req.Text, "question "), ":")
	i, err := strconv.Atoi(num)
	if !ok || err != nil {
		return vehicletest.Reply{Err: fmt.Sprintf("not a question of the varied text: %.40q", req.Text)}
	}
	ex, err := v.exchange(i)
	if err != nil {
		return vehicletest.Reply{Err: err.Error()}
	}
	if ex.tool != nil && req.Step == 1 {
		return vehicletest.Reply{Deltas: vehicletest.Split(ex.lead, 3), ToolCalls: []vehicletest.ToolUse{*ex.tool}}
	}
	return vehicletest.Reply{Deltas: vehicletest.Split(ex.reply, 0)}
}

// corpus is the Go installation's sources, read in order by four cursors:
// the code of the replies, their prose, the questions and the notes (.md and
// .txt files) that read_file answers with.
type corpus struct {
	root  string
	files []string // the .go files under src, sorted, testdata left out; relative to root
	docs  []string // the .md and .txt files, likewise

	code  codeCursor
	prose sentenceCursor
	ask   sentenceCursor
	notes pieceCursor
}

// newCorpus lists root/src.
func newCorpus(root string) (*corpus, error) {
	c := &corpus{root: root}
	err := filepath.WalkDir(filepath.Join(root, "src"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		switch filepath.Ext(p) {
		case ".go":
			c.files = append(c.files, filepath.ToSlash(rel))
		case ".md", ".txt":
			c.docs = append(c.docs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(c.files) == 0 {
		return nil, fmt.Errorf("no .go files under %s", filepath.Join(root, "src"))
	}
	if len(c.docs) == 0 { // read_file reads Go files then
		c.docs = c.files
	}
	c.code = codeCursor{c: c}
	c.prose = sentenceCursor{c: c, next: len(c.files) / 3, min: sentenceMin, max: proseMax}
	c.ask = sentenceCursor{c: c, next: len(c.files) * 2 / 3, min: askMin, max: askMax}
	c.notes = pieceCursor{c: c}
	return c, nil
}

// read is a file's text, relative to the root.
func (c *corpus) read(rel string) (string, error) {
	b, err := os.ReadFile(filepath.Join(c.root, filepath.FromSlash(rel)))
	return strings.ToValidUTF8(string(b), "\uFFFD"), err
}

// make is the next exchange, numbered i.
func (c *corpus) make(i int) (exchange, error) {
	ask, err := c.ask.take(0, 0)
	if err != nil {
		return exchange{}, err
	}
	ex := exchange{prompt: fmt.Sprintf("question %d: %s", i, ask)}
	file, code, err := c.code.take()
	if err != nil {
		return exchange{}, err
	}
	prose, err := c.prose.take(proseMin, proseMax)
	if err != nil {
		return exchange{}, err
	}
	ex.reply = fmt.Sprintf("%s\n\nIn `%s`:\n\n```go\n%s```\n", prose, file, code)
	if i%10 == 0 {
		if (i/10)%2 == 0 {
			dir := path.Dir(file)
			ex.lead = fmt.Sprintf("Let me list `%s` first.", dir)
			ex.tool = &vehicletest.ToolUse{Name: "list_files", Args: jsonArgs(map[string]any{"path": dir}),
				Result: c.listing(dir, path.Base(file))}
		} else {
			note, off, text, err := c.notes.take()
			if err != nil {
				return exchange{}, err
			}
			ex.lead = fmt.Sprintf("Let me read `%s` first.", note)
			ex.tool = &vehicletest.ToolUse{Name: "read_file",
				Args: jsonArgs(map[string]any{"path": note, "offset": off, "limit": len(text)}), Result: text}
		}
	}
	return ex, nil
}

// listing is a directory's files from name on, one a line with its size, as
// a list_files tool answers.
func (c *corpus) listing(dir, name string) string {
	entries, err := os.ReadDir(filepath.Join(c.root, filepath.FromSlash(dir)))
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d entries\n", dir, len(entries))
	for k, e := range entries {
		if e.Name() < name {
			continue
		}
		line := e.Name() + "/\n"
		if info, err := e.Info(); err == nil && !e.IsDir() {
			line = fmt.Sprintf("%-32s %7d  %s\n", e.Name(), info.Size(), info.ModTime().UTC().Format("2006-01-02"))
		}
		if b.Len()+len(line) > resultMax {
			fmt.Fprintf(&b, "… and %d more\n", len(entries)-k)
			break
		}
		b.WriteString(line)
	}
	return b.String()
}

// jsonArgs is a tool call's arguments.
func jsonArgs(v map[string]any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
