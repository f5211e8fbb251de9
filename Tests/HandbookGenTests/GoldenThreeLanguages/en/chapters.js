window.HANDBOOK_CHAPTERS = [[["Toolbar","en/bars/toolbar.html"]],[["Buttons","en/controls/buttons.html"]]];
