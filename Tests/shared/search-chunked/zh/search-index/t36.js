window.HANDBOOK_SEARCH_CHUNK("t36",{"默":[["默","E",""],["默认","E",""],["默认没","E",""]]});
