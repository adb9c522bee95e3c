"""The deck pipeline, apart from the web layer: PDF → Paper → SlideDeck → reviewed deck.

    ingest/    checks, page layout, structure, math, figures and tables → `paper.Paper`
    propose/   builtin and model proposers → `slide_deck.SlideDeck`, and their revisions
    render/    Slidev markdown, `slidev build`/`export`, Chromium screenshots and measurements
    review/    registered rules (text, layout, pixels, crops, deck) and the vision reviewer
    loop.py    render → review → revise, round after round
    run.py     `deck_generate`: the whole run into a folder, published only when complete

Nothing here touches the database: the web layer (views, uploads, files, page, services,
jobs) calls `run.deck_generate` and stores what it reports.
"""
