// Package theme holds the terminal UI's palette and the lipgloss styles built
// from it. Styles are built once per background (light or dark, or without
// colour for NO_COLOR) and passed to the UI; there is no current theme.
package theme

import (
	"image/color"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
)

// Palette is the set of semantic colours the styles are made of.
type Palette struct {
	Text      color.Color // body text: the terminal's own foreground in every palette
	Muted     color.Color // secondary text: times, hints, notices
	Subtle    color.Color // rules and borders
	Accent    color.Color // titles, the selection, the focused pane
	User      color.Color // the person's own turns
	Assistant color.Color // the assistant's turns
	Author    color.Color // a collaborator's turns
	OK        color.Color // success: a finished tool, this terminal drives
	Warn      color.Color // attention: a running tool, another terminal drives
	Error     color.Color // failures and refusals
	Info      color.Color // neutral facts: someone else drives
	SelectBg  color.Color // the selected row's background
	MarkerFg  color.Color // the "new messages" marker's text
	MarkerBg  color.Color // the "new messages" marker's background
}

// Dark is the palette for a dark terminal background.
func Dark() Palette {
	return Palette{
		Text: lipgloss.NoColor{}, Muted: lipgloss.Color("#8B8B96"), Subtle: lipgloss.Color("#4B4B55"),
		Accent: lipgloss.Color("#A78BFA"), User: lipgloss.Color("#7DD3FC"), Assistant: lipgloss.Color("#C4B5FD"),
		Author: lipgloss.Color("#F9A8D4"), OK: lipgloss.Color("#4ADE80"), Warn: lipgloss.Color("#FBBF24"),
		Error: lipgloss.Color("#F87171"), Info: lipgloss.Color("#60A5FA"), SelectBg: lipgloss.Color("#3F3F52"),
		MarkerFg: lipgloss.Color("#18181B"), MarkerBg: lipgloss.Color("#A78BFA"),
	}
}

// Light is the palette for a light terminal background.
func Light() Palette {
	return Palette{
		Text: lipgloss.NoColor{}, Muted: lipgloss.Color("#6B6B76"), Subtle: lipgloss.Color("#C4C4CC"),
		Accent: lipgloss.Color("#6D28D9"), User: lipgloss.Color("#0369A1"), Assistant: lipgloss.Color("#5B21B6"),
		Author: lipgloss.Color("#BE185D"), OK: lipgloss.Color("#15803D"), Warn: lipgloss.Color("#B45309"),
		Error: lipgloss.Color("#B91C1C"), Info: lipgloss.Color("#1D4ED8"), SelectBg: lipgloss.Color("#E4E4F0"),
		MarkerFg: lipgloss.Color("#FFFFFF"), MarkerBg: lipgloss.Color("#6D28D9"),
	}
}

// Plain is the palette without colour, for NO_COLOR: every colour is the
// terminal's own.
func Plain() Palette {
	n := lipgloss.NoColor{}
	return Palette{Text: n, Muted: n, Subtle: n, Accent: n, User: n, Assistant: n, Author: n,
		OK: n, Warn: n, Error: n, Info: n, SelectBg: n, MarkerFg: n, MarkerBg: n}
}

// Markdown style names for glamour, as Styles.Markdown carries them;
// MarkdownPlain marks text as source, for output that keeps no styling.
const (
	MarkdownDark  = "dark"
	MarkdownLight = "light"
	MarkdownPlain = "notty"
)

// Styles are the UI's lipgloss styles, built from a palette once.
type Styles struct {
	Palette  Palette
	Dark     bool   // built for a dark background
	NoColor  bool   // built without colour
	Markdown string // the glamour style: MarkdownDark or MarkdownLight

	Header    lipgloss.Style // the top line's title
	HeaderDim lipgloss.Style // the top line's facts
	Banner    lipgloss.Style // a demo's instructions under the header

	UserLabel      lipgloss.Style // "you" above a user turn
	AssistantLabel lipgloss.Style // "assistant" above a reply
	AuthorLabel    lipgloss.Style // a collaborator's name above their turn
	Time           lipgloss.Style // a turn's time
	Body           lipgloss.Style // plain body text
	Notice         lipgloss.Style // a quiet notice line
	ChipName       lipgloss.Style // a tool chip's name
	ChipRunning    lipgloss.Style // a running tool
	ChipOK         lipgloss.Style // a tool that finished
	ChipError      lipgloss.Style // a tool that failed
	Marker         lipgloss.Style // the "new messages" marker
	Match          lipgloss.Style // a search match in the transcript
	MatchCurrent   lipgloss.Style // the current search match
	Rule           lipgloss.Style // separators

	LeaseMine  lipgloss.Style // this terminal drives
	LeaseOwn   lipgloss.Style // another terminal of the same person drives
	LeaseOther lipgloss.Style // someone else drives
	LeaseLost  lipgloss.Style // this terminal was taken over
	LeaseNone  lipgloss.Style // nobody drives

	Status      lipgloss.Style // the status line
	StatusGood  lipgloss.Style // a healthy connection
	StatusWarn  lipgloss.Style // reconnecting, polling
	StatusError lipgloss.Style // the last error

	Row         lipgloss.Style // a picker row
	Selected    lipgloss.Style // the picker's selected row
	ColumnTitle lipgloss.Style // the picker's column titles
	Filter      lipgloss.Style // the picker's filter

	Overlay      lipgloss.Style // a dialog's box
	OverlayTitle lipgloss.Style // a dialog's title
	Key          lipgloss.Style // a key in help and hints
	KeyDesc      lipgloss.Style // what a key does
	Placeholder  lipgloss.Style // the composer's placeholder
	Prompt       lipgloss.Style // the composer's prompt column
}

// Options choose the styles to build.
type Options struct {
	Dark    bool // the terminal's background is dark
	NoColor bool // NO_COLOR is set: no colour at all
}

// New builds the styles for o.
func New(o Options) *Styles {
	p := Light()
	md := MarkdownLight
	if o.Dark {
		p, md = Dark(), MarkdownDark
	}
	if o.NoColor {
		p = Plain() // markdown keeps its style: the output's colour profile drops the colours
	}
	return build(p, o.Dark, o.NoColor, md)
}

// Set holds the styles for both backgrounds, built once; the UI picks one
// when the terminal tells its background.
type Set struct {
	Light *Styles
	Dark  *Styles
}

// NewSet builds the styles for both backgrounds.
func NewSet(noColor bool) Set {
	return Set{Light: New(Options{NoColor: noColor}), Dark: New(Options{Dark: true, NoColor: noColor})}
}

// For is the styles for a background.
func (s Set) For(dark bool) *Styles {
	if dark {
		return s.Dark
	}
	return s.Light
}

func build(p Palette, dark, noColor bool, md string) *Styles {
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	s := &Styles{Palette: p, Dark: dark, NoColor: noColor, Markdown: md}
	s.Header = fg(p.Accent).Bold(true)
	s.HeaderDim = fg(p.Muted)
	s.Banner = fg(p.Info)
	s.UserLabel = fg(p.User).Bold(true)
	s.AssistantLabel = fg(p.Assistant).Bold(true)
	s.AuthorLabel = fg(p.Author).Bold(true)
	s.Time = fg(p.Muted)
	s.Body = fg(p.Text)
	s.Notice = fg(p.Muted).Italic(true)
	s.ChipName = fg(p.Text)
	s.ChipRunning = fg(p.Warn)
	s.ChipOK = fg(p.OK)
	s.ChipError = fg(p.Error).Bold(true)
	s.Marker = lipgloss.NewStyle().Foreground(p.MarkerFg).Background(p.MarkerBg).Bold(true)
	s.Rule = fg(p.Subtle)
	s.Match = lipgloss.NewStyle().Foreground(p.MarkerFg).Background(p.Muted)
	s.MatchCurrent = lipgloss.NewStyle().Foreground(p.MarkerFg).Background(p.Warn).Bold(true)
	s.LeaseMine = fg(p.OK)
	s.LeaseOwn = fg(p.Warn)
	s.LeaseOther = fg(p.Info)
	s.LeaseLost = fg(p.Error).Bold(true)
	s.LeaseNone = fg(p.Muted)
	s.Status = fg(p.Muted)
	s.StatusGood = fg(p.OK)
	s.StatusWarn = fg(p.Warn)
	s.StatusError = fg(p.Error)
	s.Row = fg(p.Text)
	s.Selected = lipgloss.NewStyle().Foreground(p.Accent).Background(p.SelectBg).Bold(true)
	s.ColumnTitle = fg(p.Muted).Bold(true)
	s.Filter = fg(p.Accent)
	s.Overlay = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(p.Accent).Padding(0, 1)
	s.OverlayTitle = fg(p.Accent).Bold(true)
	s.Key = fg(p.Accent).Bold(true)
	s.KeyDesc = fg(p.Muted)
	s.Placeholder = fg(p.Muted)
	s.Prompt = fg(p.Accent)
	if noColor {
		s.Selected = lipgloss.NewStyle().Reverse(true)
		s.Marker = lipgloss.NewStyle().Reverse(true)
		s.Match = lipgloss.NewStyle().Reverse(true)
		s.MatchCurrent = lipgloss.NewStyle().Reverse(true).Bold(true).Underline(true)
	}
	return s
}

// DarkFromCOLORFGBG reads the terminal's background from the COLORFGBG
// variable ("15;0", "0;default;15"): the last field is the background's
// colour number, 0 to 6 and 8 dark, 7 and 9 to 15 light. ok is false when
// it says nothing usable.
func DarkFromCOLORFGBG(v string) (dark, ok bool) {
	fields := strings.Split(v, ";")
	bg, err := strconv.Atoi(strings.TrimSpace(fields[len(fields)-1]))
	if err != nil || bg < 0 || bg > 15 {
		return false, false
	}
	return bg <= 6 || bg == 8, true
}
