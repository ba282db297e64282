package typingsafety

// The table: every sentence below is typed in every state below (but where
// a sentence's Dialogs or Idle says otherwise), each time in a fresh model
// on a fresh host. To cover a new dialog, pane or mode, add a state (its
// driver goes in drive_test.go); to try a new habit, add a sentence.
//
// A state that fails on a trap another change fixes names that fix in
// Waits, per sentence: the case is skipped with that reason until the fix
// lands. `go test ./tui/typingsafety -v -args -waits` runs the waiting
// cases too and says which pass now (their Waits then go).

// Sentence is what a person types: Text, typed rune by rune where Keys says
// {text}, and the keys around it.
type Sentence struct {
	Name string // names the case
	Text string // the sentence, found whole afterwards (or sent whole with enter); "" when Keys types none
	// Keys is what is typed, in order, separated by spaces: {text} is Text,
	// rune by rune; anything else is a key as Bubble Tea names it
	// ("ctrl+w", "enter", "esc").
	Keys    string
	Dialogs bool // typed only where a dialog shows (elsewhere ctrl+c twice quits, as it should)
	Idle    bool // typed only where no run is under way (ctrl+s steers a run: the person's choice)
}

// State is a place keys can go, and how to get there.
type State struct {
	Name  string
	Drive func(r *rig) // from a fresh host, starts the model and brings it here
	// What the harness checks the driver reached; together they are the
	// places of the registry (TestEveryPlaceHasACase) the state covers.
	Focus  string   // the focus, by its constant in tui/focus.go ("focusRoom")
	Dialog string   // the dialog on top, by its constructor ("NewOffer"; a Choice by its title: "NewChoice: Run aborted"); "" for none
	Picker string   // the picker's mode (tui.PickerModes), "" when the picker does not show
	Tile   int      // the focused tile (1 is the first) on a wall of tui.MaxTiles tiles; 0: no wall
	Zoom   bool     // the focused tile fills the wall
	Sees   []string // words on the screen that say the state was reached
	// Into is where the person's text belongs here: "" is the composer or
	// any text field that shows; "composer" or "filter" (the picker's) is
	// that place alone, for a dialog the program opened by itself (the
	// person was typing there, not in it); "nowhere" is a screen whose
	// composer takes no text and says so (read-only, a session gone), where
	// only that nothing acts is checked.
	Into string
	// Draft is what the composer holds before the person's text when they
	// send it: a draft the state keeps, or one its dialog's safe choice
	// puts back.
	Draft string
	// Running says a run is under way: ctrl+s steers it, as it should, so
	// the Idle sentences are not typed here.
	Running bool
	// NoEnter, when set, says why the sentences that end with enter are not
	// typed here: enter answers a field the person opened to answer.
	NoEnter string
	// Waits names, per sentence, the fix this state's case waits for: the
	// case is skipped with that reason until it lands.
	Waits Waits
}

// No case waits for a fix now: issue 35's traps are fixed (the dialog rule,
// the model key's shape, the line editor's keys), and so is the one this
// harness found besides (the failed listing's r retried and was lost to
// the filter: enter lists again now). A new known-failing case names its
// fix in a const here and in its state's Waits.

// Sentence names, for Waits.
const (
	firstT = "t…"
	firstW = "w…"
	firstY = "y…"
	enter  = "enter"
	moves  = "ctrl+a ctrl+e ctrl+d"
	kills  = "ctrl+w ctrl+u ctrl+k ctrl+y"
	ctrlR  = "ctrl+r"
	ctrlS  = "ctrl+s"
	ctrlC  = "ctrl+c ctrl+c"
)

// Waits says, per sentence name, the fix a state's case waits for
// (Waits{firstT: "the fix"}).
type Waits map[string]string

// Table is the harness's sentences and states.
type Table struct {
	Sentences []Sentence
	States    []State
}

// table is the one table: every sentence typed in every state.
var table = Table{
	Sentences: []Sentence{
		// Each holds every letter, an upper-case one, a doubled one, a digit,
		// punctuation and spaces (TestSentencesHoldEveryLetter); each starts
		// with a letter a dialog or a pane could take for an answer.
		{Name: firstT, Text: "the Quick brown fox jumps over 2 lazy dogs, too!", Keys: "{text}"},
		{Name: firstW, Text: "waltz, bad nymph, for 3 quick jigs vex! Zoom", Keys: "{text}"},
		{Name: firstY, Text: "you know what, keep it: 4 jumpy zebras Vex the big quick flood!", Keys: "{text}"},
		// Sent with enter: the one request typing may make.
		{Name: enter, Text: "so what do I do now? Jeff's 5 quick lazy boxers vex a grumpy king", Keys: "{text} enter"},
		// The line editor's keys, as a shell has them: each leaves the text whole.
		{Name: moves, Text: "Pack my box with five dozen liquor jugs, all 37 of them.", Keys: "{text} ctrl+a ctrl+e ctrl+d"},
		{Name: kills, Text: "aardvarks jump over 6 quick hazy foxes, then Big Lew sat",
			Keys: "{text} ctrl+w ctrl+y ctrl+u ctrl+y ctrl+a ctrl+k ctrl+y"},
		{Name: ctrlR, Text: "rename nothing: 0 quick jabs fizz my glove, Bert, pax & dew", Keys: "{text} ctrl+r"},
		{Name: ctrlS, Text: "x marks the spot; steer nothing: 7 quick jabs fizz my glove, Wendy", Keys: "{text} ctrl+s", Idle: true},
		// ctrl+c closes a dialog; twice, it still does not quit.
		{Name: ctrlC, Keys: "ctrl+c ctrl+c", Dialogs: true},
	},
	States: []State{
		// An open session of the person's, by pane.
		{Name: "composer", Drive: (*rig).composer, Focus: "focusSession", Sees: []string{"● you drive from this terminal"}},
		{Name: "composer, a run under way", Drive: (*rig).runUnderWay, Focus: "focusSession", Running: true, Sees: []string{"running"}},
		{Name: "room pane, a chime waiting", Drive: (*rig).room, Focus: "focusRoom", Sees: []string{"Try the archive."}},
		{Name: "queue lane, a follow-up queued", Drive: (*rig).queue, Focus: "focusQueue", Running: true, Sees: []string{"1 queued"}},
		{Name: "entries pane", Drive: (*rig).entries, Focus: "focusEntries", Sees: []string{"I found 3 documents"}},
		{Name: "search bar", Drive: (*rig).search, Focus: "focusSearch"},
		{Name: "watching (another terminal drives)", Drive: (*rig).watching, Focus: "focusSession",
			Sees: []string{"your other terminal drives"}},
		{Name: "read-only (--watch)", Drive: (*rig).readOnly, Focus: "focusSession", Into: "nowhere",
			Sees: []string{"read-only"}},
		{Name: "session gone (deleted elsewhere)", Drive: (*rig).gone, Focus: "focusSession", Into: "nowhere"},
		{Name: "visit (chiming into another's room)", Drive: (*rig).visit, Focus: "focusVisit", Sees: []string{"chiming into"}},

		// The wall of tiles.
		{Name: "wall, tile 1", Drive: (*rig).tile1, Focus: "focusSession", Tile: 1},
		{Name: "wall, tile 2", Drive: (*rig).tile2, Focus: "focusSession", Tile: 2},
		{Name: "wall, tile 3", Drive: (*rig).tile3, Focus: "focusSession", Tile: 3},
		{Name: "wall, tile 4", Drive: (*rig).tile4, Focus: "focusSession", Tile: 4},
		{Name: "wall, tile 2 zoomed", Drive: (*rig).zoomed, Focus: "focusSession", Zoom: true},

		// The session picker, by mode.
		{Name: "picker", Drive: (*rig).picker, Focus: "focusPicker", Picker: "list", Sees: []string{"Fence repairs"}},
		{Name: "picker, loading", Drive: (*rig).pickerLoading, Focus: "focusPicker", Picker: "loading"},
		{Name: "picker, no session", Drive: (*rig).pickerEmpty, Focus: "focusPicker", Picker: "empty"},
		{Name: "picker, listing failed", Drive: (*rig).pickerFailed, Focus: "focusPicker", Picker: "failed"},
		{Name: "picker, listing back by itself", Drive: (*rig).pickerRecovered, Focus: "focusPicker", Picker: "recovered"},
		{Name: "picker, filtered", Drive: (*rig).pickerFiltered, Focus: "focusPicker", Picker: "filtered"},
		{Name: "picker, a session marked", Drive: (*rig).pickerMarked, Focus: "focusPicker", Picker: "marked",
			NoEnter: "enter opens the session the person marked"},
		{Name: "picker, the last wall offered", Drive: (*rig).pickerLastWall, Focus: "focusPicker", Picker: "last wall"},

		// The dialogs: those the program opens by itself...
		{Name: "take-over offer", Drive: (*rig).offer, Focus: "focusSession", Dialog: "NewOffer", Into: "composer"},
		{Name: "model key, opened by a refusal", Drive: (*rig).keyRefused, Focus: "focusSession", Dialog: "NewKey",
			Into: "composer", Draft: "first question"},
		{Name: "create refused, explained", Drive: (*rig).createRefused, Focus: "focusPicker", Picker: "empty", Dialog: "NewError",
			Into: "filter"},
		{Name: "not a command", Drive: (*rig).notACommand, Focus: "focusSession", Dialog: "NewChoice: Not a command"},
		{Name: "run aborted, follow-up held", Drive: (*rig).runAborted, Focus: "focusSession", Dialog: "NewHeld",
			Draft: "keep this one\n"},
		{Name: "quit, a text not answered", Drive: (*rig).notAnswered, Focus: "focusSession", Dialog: "NewChoice: Not answered yet"},
		{Name: "no session to watch", Drive: (*rig).notWatchable, Focus: "focusSession", Dialog: "NewNotWatchable",
			Into: "composer"},
		{Name: "deleted", Drive: (*rig).deleted, Focus: "focusPicker", Picker: "list", Dialog: "NewDeleted"},
		// ...and those the person opens.
		{Name: "help", Drive: (*rig).help, Focus: "focusSession", Dialog: "NewHelp"},
		{Name: "errors", Drive: (*rig).errors, Focus: "focusSession", Dialog: "NewErrors"},
		{Name: "session info", Drive: (*rig).info, Focus: "focusSession", Dialog: "NewInfo"},
		{Name: "chime read whole", Drive: (*rig).reading, Focus: "focusRoom", Dialog: "NewReading"},
		{Name: "code block chooser", Drive: (*rig).codeChooser, Focus: "focusEntries", Dialog: "NewCodeChooser"},
		{Name: "model key, asked for", Drive: (*rig).keyAsked, Focus: "focusSession", Dialog: "NewKey"},
		{Name: "palette", Drive: (*rig).palette, Focus: "focusSession", Dialog: "NewPalette",
			NoEnter: "enter runs the command the person filtered for"},
		{Name: "rename", Drive: (*rig).rename, Focus: "focusPicker", Picker: "list", Dialog: "NewRename",
			NoEnter: "enter saves the title the person typed"},
		{Name: "delete, asked to confirm", Drive: (*rig).deleteAsked, Focus: "focusPicker", Picker: "list", Dialog: "NewDelete"},
		{Name: "new session", Drive: (*rig).newSession, Focus: "focusPicker", Picker: "list", Dialog: "NewNewSession",
			NoEnter: "enter starts the session the person described"},
		{Name: "watch, asked for an id", Drive: (*rig).askWatch, Focus: "focusSession", Dialog: "NewAskWatch",
			NoEnter: "enter watches the session the person named"},
	},
}
